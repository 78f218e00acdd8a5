/** URL normalisation and the scope rules of a crawl (paths, depth, domains). */

/**
 * The key a crawl dedupes pages by: lower-case scheme and host, no default port, no fragment,
 * no trailing slash (except the root), `index.html` dropped, query sorted (or dropped with
 * `ignoreQueryParameters`).
 */
export function urlKey(value: string | URL, ignoreQueryParameters = false): string {
  const url = new URL(value.toString())
  url.hash = ''
  if (ignoreQueryParameters) url.search = ''
  else url.searchParams.sort()
  let path = url.pathname.replace(/\/index\.html?$/i, '/')
  if (path.length > 1) path = path.replace(/\/+$/, '')
  url.pathname = path
  return url.toString()
}

/** An absolute http(s) URL, or undefined. */
export function toHttpUrl(value: string, base?: string): URL | undefined {
  try {
    const url = base ? new URL(value, base) : new URL(value)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined
    url.hash = ''
    return url
  } catch {
    return undefined
  }
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** True when `host` is `root` or one of its subdomains (`www.` is ignored on both). */
export function isSubdomainOf(host: string, root: string): boolean {
  const h = bareHost(host)
  const r = bareHost(root)
  return h === r || h.endsWith(`.${r}`)
}

export interface ScopeOptions {
  includePaths?: string[] | undefined
  excludePaths?: string[] | undefined
  regexOnFullURL?: boolean | undefined
  crawlEntireDomain?: boolean | undefined
  allowExternalLinks?: boolean | undefined
  allowSubdomains?: boolean | undefined
}

/** Compiles the path patterns once; an invalid pattern is a caller error. */
export function compilePatterns(patterns: string[] | undefined): RegExp[] {
  return (patterns ?? []).map((p) => new RegExp(p))
}

/**
 * Whether a discovered link belongs to the crawl of `start`:
 * - host: the start host (`www.` ignored); subdomains with `allowSubdomains`; any with
 *   `allowExternalLinks`;
 * - path: below the start URL's path unless `crawlEntireDomain` (or the start is the root);
 * - `includePaths` (any must match) and `excludePaths` (none may match): regular expressions
 *   tested against the path (with query), or the full URL with `regexOnFullURL`.
 */
export function inScope(
  link: URL,
  start: URL,
  options: ScopeOptions,
  include: RegExp[],
  exclude: RegExp[],
): boolean {
  const sameHost = bareHost(link.hostname) === bareHost(start.hostname)
  if (!sameHost) {
    const sub = options.allowSubdomains && isSubdomainOf(link.hostname, start.hostname)
    if (!sub && !options.allowExternalLinks) return false
  }
  if (sameHost && !options.crawlEntireDomain) {
    const base = start.pathname.replace(/[^/]*$/, '')
    if (!link.pathname.startsWith(base)) return false
  }
  const subject = options.regexOnFullURL ? link.toString() : `${link.pathname}${link.search}`
  if (include.length > 0 && !include.some((r) => r.test(subject))) return false
  if (exclude.some((r) => r.test(subject))) return false
  return true
}
