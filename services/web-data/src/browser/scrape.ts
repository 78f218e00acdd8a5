import type { Page, Response } from 'playwright-core'
import { ApiError, Errors } from '../errors.js'
import type { FetchedPage } from '../net/fetch-page.js'
import {
  type ActionsResult,
  Deadline,
  DeadlineError,
  runActions,
  type ScrapeAction,
  screenshotDataUrl,
} from './actions.js'
import type { BrowserPool, GuardedContext } from './pool.js'
import { dropProducedFormats } from './unproduced-formats.js'

export interface BrowserScrapeInput {
  url: string
  actions?: readonly ScrapeAction[] | undefined
  waitFor?: number | undefined
  timeout?: number | undefined
  mobile?: boolean | undefined
  headers?: Record<string, string> | undefined
  skipTlsVerification?: boolean | undefined
  screenshot?:
    | { fullPage?: boolean; quality?: number; viewport?: { width: number; height: number } }
    | undefined
}

export interface BrowserScrapeResult {
  /** The rendered page after the actions, as the document builder takes it. */
  page: FetchedPage
  /** `Document.screenshot` (a data: URL) when the screenshot format was asked. */
  screenshot?: string
  /** `Document.actions` when actions were given. */
  actions?: ActionsResult
  /** The open context and page, for the caller to keep (interact) or close. */
  session: GuardedContext & { page: Page }
}

/** True when a scrape request needs the browser: actions, a screenshot format or `waitFor`. */
export function needsBrowser(input: {
  actions?: readonly unknown[] | undefined
  waitFor?: number | undefined
  screenshot?: unknown
}): boolean {
  return (input.actions?.length ?? 0) > 0 || (input.waitFor ?? 0) > 0 || input.screenshot !== undefined
}

/**
 * Loads the page in a fresh guarded browser context, waits `waitFor`, runs the actions and
 * captures the rendered HTML (and a screenshot). Maps failures to catalog errors: the scrape's
 * `timeout` → 408, a refused address → 403 `URL_NOT_ALLOWED`, a failed load → 502.
 * The context stays open in `session`; the caller closes or keeps it.
 */
export async function browserScrape(
  pool: BrowserPool,
  input: BrowserScrapeInput,
): Promise<BrowserScrapeResult> {
  const deadline = new Deadline(input.timeout ?? 60_000)
  const opened = await pool.newContext({
    ...(input.mobile ? { mobile: true } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.skipTlsVerification !== undefined ? { skipTlsVerification: input.skipTlsVerification } : {}),
    ...(input.screenshot?.viewport ? { viewport: input.screenshot.viewport } : {}),
  })
  try {
    const page = await opened.context.newPage()
    let response: Response | null
    try {
      response = await page.goto(input.url, { waitUntil: 'load', timeout: deadline.left() })
    } catch (error) {
      throw navigationError(error, input.url, opened)
    }
    try {
      if ((input.waitFor ?? 0) > 0) {
        if ((input.waitFor ?? 0) >= deadline.left()) throw new DeadlineError()
        await page.waitForTimeout(input.waitFor ?? 0)
      }
      const actions =
        input.actions && input.actions.length > 0
          ? await runActions(page, input.actions, deadline)
          : undefined
      const screenshot = input.screenshot
        ? await screenshotDataUrl(page, {
            ...(input.screenshot.fullPage !== undefined ? { fullPage: input.screenshot.fullPage } : {}),
            ...(input.screenshot.quality !== undefined ? { quality: input.screenshot.quality } : {}),
            timeout: deadline.left(),
          })
        : undefined
      const html = await page.content()
      const headers = response ? await response.allHeaders() : {}
      const fetched: FetchedPage = {
        url: input.url,
        finalUrl: page.url(),
        statusCode: response?.status() ?? 200,
        contentType: headers['content-type'] ?? 'text/html',
        body: html,
      }
      return {
        page: fetched,
        ...(screenshot ? { screenshot } : {}),
        ...(actions ? { actions } : {}),
        session: { ...opened, page },
      }
    } catch (error) {
      if (error instanceof DeadlineError) throw new ApiError(408, Errors.requestTimeout)
      if (error instanceof ApiError) throw error
      if (/Timeout .*exceeded/i.test((error as Error).message ?? ''))
        throw new ApiError(408, Errors.requestTimeout)
      throw error
    }
  } catch (error) {
    await opened.context.close().catch(() => {})
    throw error
  }
}

function navigationError(error: unknown, url: string, opened: GuardedContext): ApiError {
  if (error instanceof DeadlineError) return new ApiError(408, Errors.requestTimeout)
  const message = (error as Error).message ?? String(error)
  if (/Timeout .*exceeded/i.test(message)) return new ApiError(408, Errors.requestTimeout)
  if (/ERR_BLOCKED_BY_CLIENT/.test(message) && opened.guard.blocked.size > 0) {
    const reason = opened.guard.blocked.values().next().value as string
    return new ApiError(403, Errors.forbidden, {
      code: 'URL_NOT_ALLOWED',
      details: {
        reason: `${reason}; scraping those is disabled (WEB_DATA_ALLOW_PRIVATE_URLS).`,
      },
    })
  }
  return new ApiError(502, Errors.badGateway, {
    code: 'SCRAPE_FETCH_FAILED',
    details: { reason: `${url}: ${message.split('\n')[0]}` },
  })
}

type FormatInput =
  | string
  | { type: string; fullPage?: boolean; quality?: number; viewport?: { width: number; height: number } }

/** The screenshot format of a scrape request (`screenshot`, `screenshot@fullPage` or the object form), if any. */
export function screenshotFormat(
  formats: ReadonlyArray<FormatInput> | undefined,
): BrowserScrapeInput['screenshot'] | undefined {
  for (const format of formats ?? []) {
    if (format === 'screenshot') return {}
    if (format === 'screenshot@fullPage') return { fullPage: true }
    if (typeof format === 'object' && format.type === 'screenshot') {
      return {
        ...(format.fullPage !== undefined ? { fullPage: format.fullPage } : {}),
        ...(format.quality !== undefined ? { quality: format.quality } : {}),
        ...(format.viewport ? { viewport: format.viewport } : {}),
      }
    }
  }
  return undefined
}

/**
 * Loads a page for POST /v2/scrape in the browser, which the request needs (`needsBrowser`:
 * actions, a screenshot format, `waitFor`). 503 `BROWSER_UNAVAILABLE` when none is installed.
 */
export async function scrapeInBrowser(
  pool: BrowserPool | undefined,
  input: BrowserScrapeInput,
): Promise<BrowserScrapeResult> {
  if (!pool) throw new ApiError(503, 'Service Unavailable', { code: 'BROWSER_UNAVAILABLE' })
  pool.assertAvailable()
  return browserScrape(pool, input)
}

/** Adds what the browser produced to the document (and drops `screenshot` from the warning). */
export function addBrowserResults(document: Record<string, unknown>, result: BrowserScrapeResult): void {
  if (result.screenshot) document.screenshot = result.screenshot
  if (result.actions) document.actions = result.actions
  dropProducedFormats(document)
}
