import type { BrowserPool } from '../browser/pool.js'
import { type BrowserScrapeResult, browserScrape } from '../browser/scrape.js'
import type { FetchedPage } from '../net/fetch-page.js'

/**
 * Below this much visible text, a page that runs scripts is taken to build its content with them
 * (an application shell: `<div id="root"></div>` and a bundle). A page of content is longer; a
 * short one rendered needlessly only costs time.
 */
const SHELL_TEXT_CHARS = 200

/** Script types the browser runs (`application/ld+json` and templates are data). */
const RUNS = /^(|text\/javascript|application\/javascript|module)$/i

/** Whether the static HTML of `page` looks built by its scripts: it runs some and shows little text. */
export function builtByScripts(page: FetchedPage): boolean {
  if (page.contentType && !/html/i.test(page.contentType)) return false
  const runsScripts = [...page.body.matchAll(/<script\b([^>]*)>/gi)].some((tag) => {
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(tag[1] ?? '')?.[1] ?? ''
    return RUNS.test(type.trim())
  })
  if (!runsScripts) return false
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(page.body)?.[1] ?? page.body
  const text = body
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[#a-z0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length < SHELL_TEXT_CHARS
}

export const NO_BROWSER_WARNING =
  'This page builds its content with JavaScript and no browser is available on this service to run it: the content may be incomplete.'
const RENDER_FAILED_WARNING =
  'This page builds its content with JavaScript and running it in the browser failed: the content is the page as served.'

export interface RenderOptions {
  timeout?: number | undefined
  mobile?: boolean | undefined
  skipTlsVerification?: boolean | undefined
}

/**
 * A page whose static HTML needs its scripts (`builtByScripts`) rendered in the browser, as the
 * API promises for every scrape; nothing for any other page. Without a browser, or when rendering
 * fails, the static page stands, with a `warning` that says so.
 */
export async function renderScripted(
  pool: BrowserPool | undefined,
  page: FetchedPage,
  headers: Record<string, string>,
  options: RenderOptions,
): Promise<{ browser?: BrowserScrapeResult; warning?: string }> {
  if (!builtByScripts(page)) return {}
  if (!pool?.executablePath) return { warning: NO_BROWSER_WARNING }
  try {
    const browser = await browserScrape(pool, {
      url: page.url,
      headers,
      timeout: options.timeout,
      mobile: options.mobile,
      skipTlsVerification: options.skipTlsVerification,
    })
    return { browser }
  } catch {
    return { warning: RENDER_FAILED_WARNING }
  }
}
