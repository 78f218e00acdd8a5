import { createRequire } from 'node:module'

/** robots-parser is CommonJS (`module.exports = fn`); its types declare a default export instead. */
const robotsParser = createRequire(import.meta.url)('robots-parser') as (
  url: string,
  text: string,
) => {
  isAllowed(url: string, ua?: string): boolean | undefined
  getSitemaps(): string[]
}

import { fetchPage } from '../net/fetch-page.js'

/** The user agent the crawler matches robots.txt groups with (unless `robotsUserAgent`). */
export const CRAWLER_AGENT = 'WebDataReferenceService'

export interface Robots {
  isAllowed(url: string): boolean
  sitemaps(): string[]
}

/** Fetches `/robots.txt` of the origin through the private-address guard; '' when there is none. */
export async function fetchRobotsTxt(
  origin: URL,
  options: { allowPrivateUrls: boolean; signal?: AbortSignal },
): Promise<string> {
  try {
    const page = await fetchPage(new URL('/robots.txt', origin).toString(), {
      allowPrivate: options.allowPrivateUrls,
      timeoutMs: 10_000,
      ...(options.signal ? { signal: options.signal } : {}),
    })
    return page.statusCode === 200 ? page.body : ''
  } catch {
    return ''
  }
}

/** Parses robots.txt for one user agent. */
export function parseRobots(origin: URL, text: string, userAgent = CRAWLER_AGENT): Robots {
  const robotsUrl = new URL('/robots.txt', origin).toString()
  const parsed = robotsParser(robotsUrl, text)
  return {
    // Other origins are not governed by this file: allowed here.
    isAllowed: (url) => parsed.isAllowed(url, userAgent) ?? true,
    sitemaps: () => parsed.getSitemaps(),
  }
}
