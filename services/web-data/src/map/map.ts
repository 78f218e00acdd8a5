import { fetchRobotsTxt, parseRobots } from '../crawl/robots.js'
import { readSitemaps } from '../crawl/sitemap.js'
import { isSubdomainOf, toHttpUrl, urlKey } from '../crawl/urls.js'
import { parsePage } from '../scrape/document.js'
import { fetchOrThrow } from '../scrape/scrape.js'

export interface MapInput {
  url: string
  search?: string
  sitemap?: 'skip' | 'include' | 'only'
  includeSubdomains?: boolean
  ignoreQueryParameters?: boolean
  limit?: number
  timeout?: number
}

export interface MapLink {
  url: string
  title?: string
  description?: string
}

/**
 * The URLs of a site: its sitemaps (`/sitemap.xml` and those robots.txt names) and the links of
 * the start page, all fetched through the private-address guard. Same host (and subdomains with
 * `includeSubdomains`), deduplicated (queries dropped with `ignoreQueryParameters`), ranked by
 * `search` when given (URLs that do not mention any search word are dropped), cut at `limit`.
 * A start page that cannot be fetched is an error (408 on timeout, 502/403 otherwise).
 */
export async function mapSite(input: MapInput, options: { allowPrivateUrls: boolean }): Promise<MapLink[]> {
  const start = new URL(input.url)
  const sitemapMode = input.sitemap ?? 'include'
  const includeSubdomains = input.includeSubdomains ?? true
  const ignoreQuery = input.ignoreQueryParameters ?? true
  const limit = input.limit ?? 5000
  const timeoutMs = input.timeout ?? 60_000
  const signal = AbortSignal.timeout(timeoutMs)

  const found: MapLink[] = []
  if (sitemapMode !== 'only') {
    const page = await fetchOrThrow(start, { allowPrivateUrls: options.allowPrivateUrls, timeoutMs })
    const parsed = parsePage(page.body, page.finalUrl, { onlyMainContent: false })
    const title = typeof parsed.metadata.title === 'string' ? parsed.metadata.title : undefined
    const description =
      typeof parsed.metadata.description === 'string' ? parsed.metadata.description : undefined
    found.push({ url: page.finalUrl, ...(title ? { title } : {}), ...(description ? { description } : {}) })
    for (const link of parsed.links) found.push({ url: link })
  }
  if (sitemapMode !== 'skip') {
    const robots = parseRobots(
      start,
      await fetchRobotsTxt(start, { allowPrivateUrls: options.allowPrivateUrls, signal }),
    )
    const urls = await readSitemaps(start, {
      allowPrivateUrls: options.allowPrivateUrls,
      extra: robots.sitemaps(),
      maxUrls: Math.max(limit * 2, 1000),
      signal,
    })
    for (const url of urls) found.push({ url })
  }

  const seen = new Map<string, MapLink>()
  for (const link of found) {
    const url = toHttpUrl(link.url)
    if (!url) continue
    const sameSite = includeSubdomains
      ? isSubdomainOf(url.hostname, start.hostname)
      : url.hostname.replace(/^www\./, '') === start.hostname.replace(/^www\./, '')
    if (!sameSite) continue
    if (ignoreQuery) url.search = ''
    const key = urlKey(url, ignoreQuery)
    const existing = seen.get(key)
    if (existing) {
      if (!existing.title && link.title) Object.assign(existing, { title: link.title })
      continue
    }
    seen.set(key, { ...link, url: url.toString() })
  }
  let links = [...seen.values()]
  const words = (input.search ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
  if (words.length > 0) {
    const score = (l: MapLink) => {
      const hay = `${decodeURIComponent(l.url)} ${l.title ?? ''} ${l.description ?? ''}`.toLowerCase()
      return words.reduce((n, w) => n + (hay.includes(w) ? 1 : 0), 0)
    }
    links = links
      .map((l, i) => ({ l, i, s: score(l) }))
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.l)
  }
  return links.slice(0, limit)
}
