import { balance, Prices } from '../billing/credits.js'
import { addBrowserResults, maybeBrowserScrape, needsBrowser, screenshotFormat } from '../browser/scrape.js'
import { unproducedSentence } from '../browser/unproduced-formats.js'
import { ApiError, Errors, urlNotAllowed } from '../errors.js'
import { newScrapeJobId } from '../interact/scrape-jobs.js'
import { type FetchedPage, FetchFailedError, FetchTimeoutError, fetchPage } from '../net/fetch-page.js'
import { PrivateAddressError } from '../net/guard.js'
import { cachePolicy, readCached } from './cache.js'
import { type ParsedPage, parsePage, summarize } from './document.js'
import { assertFormatOptions, readFormats } from './formats.js'
import { detectPromptInjection } from './prompt-injection.js'
import { renderScripted } from './script-rendering.js'
import { recordScrape } from './store.js'
import type { ScrapeDeps, ScrapedDocument, ScrapeInput } from './types.js'

/** An absolute http(s) URL, or 400 `Invalid URL`. */
export function parseHttpUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '') throw new ApiError(400, Errors.invalidUrl)
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new ApiError(400, Errors.invalidUrl)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ApiError(400, Errors.invalidUrl)
  }
  return url
}

/** Fetches a URL with the guard and maps network failures to catalog errors. */
export async function fetchOrThrow(
  url: URL,
  options: {
    allowPrivateUrls: boolean
    timeoutMs: number
    headers?: Record<string, string>
    signal?: AbortSignal
  },
): Promise<FetchedPage> {
  try {
    return await fetchPage(url.toString(), {
      allowPrivate: options.allowPrivateUrls,
      timeoutMs: options.timeoutMs,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    })
  } catch (error) {
    if (error instanceof FetchTimeoutError) throw new ApiError(408, Errors.requestTimeout)
    if (error instanceof PrivateAddressError) throw urlNotAllowed(error.host)
    const message =
      error instanceof FetchFailedError || error instanceof Error ? error.message : String(error)
    throw new ApiError(502, Errors.badGateway, {
      code: 'SCRAPE_FETCH_FAILED',
      details: { reason: message },
    })
  }
}

/** Text of the raw page including comments and hidden elements, where injected instructions hide. */
export function rawText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--([\s\S]*?)-->/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
}

/** Adds a note to the document's `warning`, after any it has. */
export function addWarning(document: ScrapedDocument, note: string): void {
  document.warning = typeof document.warning === 'string' ? `${document.warning} ${note}` : note
}

/** Builds the Document of a fetched page in the requested formats. */
export function buildDocument(
  page: FetchedPage,
  input: ScrapeInput,
): { document: ScrapedDocument; parsed: ParsedPage } {
  const formats = readFormats(input.formats)
  const isHtml = !page.contentType || /html|xml/i.test(page.contentType)
  const parsed: ParsedPage = isHtml
    ? parsePage(page.body, page.finalUrl, {
        ...(input.onlyMainContent !== undefined ? { onlyMainContent: input.onlyMainContent } : {}),
        ...(input.includeTags ? { includeTags: input.includeTags } : {}),
        ...(input.excludeTags ? { excludeTags: input.excludeTags } : {}),
        keep: { html: formats.html, text: formats.summary },
      })
    : {
        html: '',
        markdown: page.body,
        text: page.body,
        links: [],
        contentLinks: [],
        metadata: {},
      }

  if (formats.json && input.checkPromptInjection) {
    const finding = detectPromptInjection(isHtml ? rawText(page.body) : page.body)
    if (finding) {
      throw new ApiError(403, Errors.promptInjection, {
        code: 'SCRAPE_PROMPT_INJECTION_DETECTED',
        details: { excerpt: finding.excerpt },
      })
    }
  }

  const metadata: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(parsed.metadata)) if (value !== undefined) metadata[key] = value
  metadata.sourceURL = page.url
  metadata.url = page.finalUrl
  metadata.statusCode = page.statusCode
  if (page.contentType) metadata.contentType = page.contentType

  const document: ScrapedDocument = { metadata }
  if (formats.markdown) document.markdown = parsed.markdown
  if (formats.html) document.html = parsed.html
  if (formats.rawHtml) document.rawHtml = page.body
  if (formats.links) document.links = parsed.links
  if (formats.summary) document.summary = summarize(parsed.text)
  if (formats.images) document.images = parsed.images ?? []
  if (formats.unsupported.length > 0) {
    document.warning = unproducedSentence(formats.unsupported)
  }
  if (page.statusCode >= 400) metadata.error = `The page answered HTTP ${page.statusCode}.`
  return { document, parsed }
}

/**
 * The whole of POST /v2/scrape: check credits, read the cache or fetch and build, record, charge.
 * `knownBalance`: the team's balance if the request already read it (else it is read here).
 */
export async function scrape(
  deps: ScrapeDeps,
  teamId: string,
  input: ScrapeInput,
  knownBalance?: number,
): Promise<ScrapedDocument> {
  const url = parseHttpUrl(input.url)
  assertFormatOptions(input.formats)
  deps.jsonFormat.assertValidSchemas(input.formats)
  const price = Prices.scrape + (readFormats(input.formats).json ? Prices.jsonExtraction : 0)
  if ((knownBalance ?? (await balance(deps.db, teamId))) < price)
    throw new ApiError(402, Errors.paymentRequired)
  const usesBrowser = needsBrowser({
    actions: input.actions,
    waitFor: input.waitFor,
    screenshot: screenshotFormat(input.formats),
  })
  const cache = cachePolicy(url, input as ScrapeInput & Record<string, unknown>, {
    usesBrowser,
    allowPrivateUrls: deps.allowPrivateUrls,
  })
  const jobId = newScrapeJobId()
  const cached = cache ? await readCached(deps.db, teamId, cache) : undefined
  if (cached) {
    // The document as GET /v2/scrape/{id} will return it too.
    const document: ScrapedDocument = {
      ...cached,
      metadata: { ...cached.metadata, scrapeId: jobId, creditsUsed: price },
    }
    const recorded = await recordScrape(deps.db, {
      teamId,
      price,
      jobId,
      url: String(document.metadata.sourceURL ?? url),
      finalUrl: String(document.metadata.url ?? url),
      index: null,
      cacheKey: null,
      document,
      usedBrowser: false,
      tokens: 0,
      requestedUrl: input.url,
    })
    if (!recorded) throw new ApiError(402, Errors.paymentRequired)
    return document
  }
  const headers: Record<string, string> = {}
  for (const [k, v] of Object.entries(input.headers ?? {})) if (typeof v === 'string') headers[k] = v
  let browser = await maybeBrowserScrape(deps.browsers?.pool, url.toString(), input as never, headers)
  try {
    let page =
      browser?.page ??
      (await fetchOrThrow(url, {
        allowPrivateUrls: deps.allowPrivateUrls,
        timeoutMs: input.timeout ?? 60_000,
        headers,
      }))
    // A page fetched without the browser may need its scripts run to show its content.
    const rendered = browser ? {} : await renderScripted(deps.browsers?.pool, page, headers, input)
    if (rendered.browser) {
      browser = rendered.browser
      page = browser.page
    }
    const { document, parsed } = buildDocument(page, input)
    if (browser) addBrowserResults(document, browser)
    if (rendered.warning) addWarning(document, rendered.warning)
    const usage = await deps.jsonFormat.fill(document, page, parsed, input.formats)
    document.metadata.scrapeId = jobId
    document.metadata.creditsUsed = price
    if (cache) document.metadata.cacheState = 'miss'
    const retained = !input.zeroDataRetention
    const recorded = await recordScrape(deps.db, {
      teamId,
      price,
      jobId,
      url: page.url,
      finalUrl: page.finalUrl,
      index: retained ? { statusCode: page.statusCode, parsed } : null,
      cacheKey: cache?.store ? cache.key : null,
      document: retained ? document : null,
      usedBrowser: browser !== undefined,
      tokens: usage?.totalTokens ?? 0,
      requestedUrl: input.url,
    })
    if (!recorded) throw new ApiError(402, Errors.paymentRequired)
    if (retained) deps.pagesRecorded?.(deps.db)
    // The browser stays open for POST /v2/scrape/{jobId}/interact until stopped or idle.
    if (browser && deps.browsers) deps.browsers.sessions.keepScrapeSession(jobId, teamId, browser.session)
    return document
  } catch (error) {
    if (browser) await browser.session.context.close().catch(() => {})
    throw error
  }
}
