import { load } from 'cheerio'
import { fetchPage } from '../net/fetch-page.js'

/**
 * The page URLs of a site's sitemaps: `/sitemap.xml` plus those robots.txt names, following
 * sitemap indexes (up to `maxSitemaps` files). Every fetch goes through the private-address
 * guard; unreachable or malformed sitemaps count as empty.
 */
export async function readSitemaps(
  origin: URL,
  options: {
    allowPrivateUrls: boolean
    extra?: string[]
    maxUrls?: number
    maxSitemaps?: number
    signal?: AbortSignal
  },
): Promise<string[]> {
  const queue = [new URL('/sitemap.xml', origin).toString(), ...(options.extra ?? [])]
  const seen = new Set<string>()
  const urls = new Set<string>()
  const maxUrls = options.maxUrls ?? 100_000
  const maxSitemaps = options.maxSitemaps ?? 50
  while (queue.length > 0 && seen.size < maxSitemaps && urls.size < maxUrls) {
    const next = queue.shift() as string
    if (seen.has(next)) continue
    seen.add(next)
    let body: string
    try {
      const page = await fetchPage(next, {
        allowPrivate: options.allowPrivateUrls,
        timeoutMs: 15_000,
        ...(options.signal ? { signal: options.signal } : {}),
      })
      if (page.statusCode !== 200) continue
      body = page.body
    } catch {
      continue
    }
    const $ = load(body, { xml: true })
    $('sitemap > loc').each((_, el) => {
      const loc = $(el).text().trim()
      if (loc) queue.push(loc)
    })
    $('url > loc').each((_, el) => {
      const loc = $(el).text().trim()
      if (loc && urls.size < maxUrls) urls.add(loc)
    })
  }
  return [...urls]
}
