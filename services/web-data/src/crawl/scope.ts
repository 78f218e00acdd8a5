import type { Robots } from './robots.js'
import type { CrawlOptions, CrawlRow } from './rows.js'
import type { Outcome, Pending } from './scrape-page.js'
import { compilePatterns, inScope, toHttpUrl, urlKey } from './urls.js'

/** The URLs a crawl takes in: in its scope, allowed by robots.txt, each once. */
export class CrawlScope {
  private readonly options: CrawlOptions
  readonly start: URL | undefined
  readonly include: RegExp[]
  readonly exclude: RegExp[]
  /** The crawl's robots.txt, once read (none for batch scrapes). */
  robots: Robots | undefined

  constructor(private readonly crawl: CrawlRow) {
    this.options = crawl.options
    this.start = crawl.url ? new URL(crawl.url) : undefined
    this.include = compilePatterns(this.options.includePaths)
    this.exclude = compilePatterns(this.options.excludePaths)
  }

  /** Dedupes URLs and splits off those robots.txt disallows. */
  admit(urls: URL[]): { accepted: Array<{ url: string; key: string }>; blocked: string[] } {
    const accepted: Array<{ url: string; key: string }> = []
    const blocked: string[] = []
    const keys = new Set<string>()
    for (const url of urls) {
      const key = urlKey(url, this.options.ignoreQueryParameters)
      if (keys.has(key)) continue
      keys.add(key)
      if (this.robots && !this.options.ignoreRobotsTxt && !this.robots.isAllowed(url.toString())) {
        blocked.push(url.toString())
        continue
      }
      accepted.push({ url: url.toString(), key })
    }
    return { accepted, blocked }
  }

  /** The in-scope links of a page whose links the crawl follows. */
  discover(item: Pending, statusCode: number, links: string[]): URL[] {
    if (this.crawl.kind !== 'crawl' || !this.start || statusCode >= 400) return []
    if (this.options.sitemap === 'only') return []
    const max = this.options.maxDiscoveryDepth
    if (max !== undefined && item.depth + 1 > max) return []
    const out: URL[] = []
    for (const link of links) {
      const url = toHttpUrl(link)
      if (url && inScope(url, this.start, this.options, this.include, this.exclude)) out.push(url)
    }
    return out
  }

  /** Links of every page of a batch, in page order, each URL once (its first page's depth). */
  admitLinks(done: Array<{ item: Pending; outcome: Outcome }>): {
    accepted: Array<{ url: string; key: string; depth: number }>
    blocked: string[]
  } {
    const accepted: Array<{ url: string; key: string; depth: number }> = []
    const blocked: string[] = []
    const keys = new Set<string>()
    for (const e of done) {
      if (!e.outcome.ok || e.outcome.links.length === 0) continue
      const admitted = this.admit(e.outcome.links)
      blocked.push(...admitted.blocked)
      for (const a of admitted.accepted) {
        if (keys.has(a.key)) continue
        keys.add(a.key)
        accepted.push({ ...a, depth: e.item.depth + 1 })
      }
    }
    return { accepted, blocked }
  }
}
