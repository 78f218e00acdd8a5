/**
 * Crawl options from a natural-language prompt, by fixed rules (no model): the same prompt
 * always gives the same options. Documented in the README.
 *
 * - a number of pages ("at most 20 pages", "limit 20", "first 20 pages", "up to 20 pages") → `limit`;
 * - "depth N" / "N levels deep" → `maxDiscoveryDepth`;
 * - path-like words (`/blog`, `/docs/api`) after "only", "just" or in an include phrase → `includePaths`
 *   (`^/blog(/.*)?$`); after "exclude", "skip", "except", "without", "not", "no" → `excludePaths`;
 *   otherwise the last word of an "only the … " phrase names the section (`only the API guides` →
 *   `^/guides/.*`);
 * - "entire domain", "whole site", "entire site", "whole domain", "all pages" → `crawlEntireDomain`;
 * - "subdomain" → `allowSubdomains`; "external" → `allowExternalLinks`;
 * - "skip/ignore/without (the) sitemap" → `sitemap: skip`; "ignore robots" → `ignoreRobotsTxt`;
 * - "delay N second(s)" / "N seconds between" → `delay`;
 * - `ignoreQueryParameters` is true unless the prompt mentions query parameters to keep.
 */
export interface DerivedParams {
  url: string
  includePaths: string[]
  excludePaths: string[]
  maxDiscoveryDepth?: number
  crawlEntireDomain: boolean
  allowExternalLinks: boolean
  allowSubdomains: boolean
  sitemap: 'skip' | 'include'
  ignoreQueryParameters: boolean
  ignoreRobotsTxt: boolean
  delay?: number
  limit?: number
}

const STOP = new Set([
  'the',
  'a',
  'an',
  'pages',
  'page',
  'section',
  'sections',
  'of',
  'our',
  'their',
  'its',
  'site',
])
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function pathPattern(path: string): string {
  const clean = path.replace(/\/+$/, '')
  return `^${escapeRegex(clean)}(/.*)?$`
}

export function paramsFromPrompt(url: string, prompt: string): DerivedParams {
  const text = prompt.toLowerCase()
  const out: DerivedParams = {
    url,
    includePaths: [],
    excludePaths: [],
    crawlEntireDomain: false,
    allowExternalLinks: false,
    allowSubdomains: false,
    sitemap: 'include',
    ignoreQueryParameters: true,
    ignoreRobotsTxt: false,
  }
  const limit =
    /\b(?:at most|up to|no more than|maximum(?: of)?|max(?:imum)?|limit(?: of| to)?|first|only)\s+(\d{1,6})\b/.exec(
      text,
    ) ?? /\b(\d{1,6})\s+pages?\b/.exec(text)
  if (limit?.[1]) out.limit = Number(limit[1])
  const depth = /\bdepth(?: of)?\s+(\d{1,3})\b/.exec(text) ?? /\b(\d{1,3})\s+levels?\s+deep\b/.exec(text)
  if (depth?.[1]) out.maxDiscoveryDepth = Number(depth[1])
  if (/\b(entire|whole)\s+(domain|site|website)\b|\ball pages\b/.test(text)) out.crawlEntireDomain = true
  if (/\bsubdomains?\b/.test(text)) out.allowSubdomains = true
  if (/\bexternal\b/.test(text)) out.allowExternalLinks = true
  if (/\b(skip|ignore|without|no)\s+(the\s+)?sitemap\b/.test(text)) out.sitemap = 'skip'
  if (/\b(ignore|skip|disregard)\s+(the\s+)?robots/.test(text)) out.ignoreRobotsTxt = true
  if (/\b(keep|include|with)\s+(the\s+)?query\s+(parameters|params|strings?)\b/.test(text))
    out.ignoreQueryParameters = false
  const delay =
    /\bdelay(?: of)?\s+(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\b/.exec(text) ??
    /\b(\d+(?:\.\d+)?)\s*(?:s|sec|secs|seconds?)\s+between\b/.exec(text)
  if (delay?.[1]) out.delay = Number(delay[1])

  // Sentences split into clauses; each clause is an include or an exclude clause.
  for (const clause of text.split(/[.;,\n]|\bbut\b|\band\b/)) {
    const exclude = /\b(exclude|excluding|skip|skipping|except|without|not|no|avoid|ignore)\b/.test(clause)
    const paths = [...clause.matchAll(/(?:^|\s)(\/[a-z0-9][a-z0-9/_-]*)/g)].map((m) => m[1] as string)
    let patterns = paths.map(pathPattern)
    if (patterns.length === 0) {
      const only = /\b(?:only|just)\s+((?:[a-z0-9-]+\s*){1,5})/.exec(clause)
      const section = exclude
        ? /\b(?:exclude|excluding|skip|skipping|except|without|avoid)\s+((?:[a-z0-9-]+\s*){1,5})/.exec(clause)
        : only
      const words = (section?.[1] ?? '').split(/\s+/).filter((w) => w && !STOP.has(w) && !/^\d+$/.test(w))
      const last = words.at(-1)
      if (last && !/^(sitemap|robots|subdomains?|external|links?|query)$/.test(last))
        patterns = [`^/${escapeRegex(last)}/.*`]
    }
    if (exclude) out.excludePaths.push(...patterns)
    else out.includePaths.push(...patterns)
  }
  out.includePaths = [...new Set(out.includePaths)]
  out.excludePaths = [...new Set(out.excludePaths)]
  return out
}
