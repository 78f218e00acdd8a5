import { balance } from '../billing/credits.js'
import { addBrowserResults, scrapeInBrowser } from '../browser/scrape.js'
import { unproducedSentence } from '../browser/unproduced-formats.js'
import { ApiError, Errors, urlNotAllowed } from '../errors.js'
import { newScrapeJobId } from '../interact/scrape-jobs.js'
import { type FetchedPage, FetchFailedError, FetchTimeoutError, fetchPage } from '../net/fetch-page.js'
import { PrivateAddressError } from '../net/guard.js'
import { readCached } from './cache.js'
import { type ParsedPage, parsePage, summarize } from './document.js'
import type { DocumentPlan, ScrapePlan } from './plan.js'
import { detectPromptInjection } from './prompt-injection.js'
import { renderScripted } from './script-rendering.js'
import { recordScrape } from './store.js'
import type { ScrapeDeps, ScrapedDocument } from './types.js'

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

/** Builds the Document of a fetched page in the planned formats. */
export function buildDocument(
  page: FetchedPage,
  plan: DocumentPlan,
): { document: ScrapedDocument; parsed: ParsedPage } {
  const { formats } = plan
  const isHtml = !page.contentType || /html|xml/i.test(page.contentType)
  const parsed: ParsedPage = isHtml
    ? parsePage(page.body, page.finalUrl, {
        ...(plan.onlyMainContent !== undefined ? { onlyMainContent: plan.onlyMainContent } : {}),
        ...(plan.includeTags ? { includeTags: plan.includeTags } : {}),
        ...(plan.excludeTags ? { excludeTags: plan.excludeTags } : {}),
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

  if (formats.json && plan.checkPromptInjection) {
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
 * The whole of POST /v2/scrape, as `planScrape` read it: check credits, read the cache or fetch
 * and build, record, charge. `knownBalance`: the team's balance if the request already read it
 * (else it is read here).
 */
export async function scrape(
  deps: ScrapeDeps,
  teamId: string,
  plan: ScrapePlan,
  knownBalance?: number,
): Promise<ScrapedDocument> {
  const { url, price, cache } = plan
  deps.jsonFormat.assertValidSchemas(plan.options.formats)
  if ((knownBalance ?? (await balance(deps.db, teamId))) < price)
    throw new ApiError(402, Errors.paymentRequired)
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
      requestedUrl: plan.requestedUrl,
    })
    if (!recorded) throw new ApiError(402, Errors.paymentRequired)
    return document
  }
  const { headers, options } = plan
  let browser = plan.browser.required
    ? await scrapeInBrowser(deps.browsers?.pool, {
        url: url.toString(),
        actions: options.actions,
        waitFor: options.waitFor,
        timeout: options.timeout,
        mobile: options.mobile,
        headers,
        skipTlsVerification: options.skipTlsVerification,
        screenshot: plan.browser.screenshot,
      })
    : undefined
  try {
    let page =
      browser?.page ??
      (await fetchOrThrow(url, {
        allowPrivateUrls: deps.allowPrivateUrls,
        timeoutMs: plan.timeoutMs,
        headers,
      }))
    // A page fetched without the browser may need its scripts run to show its content.
    const rendered = browser ? {} : await renderScripted(deps.browsers?.pool, page, headers, options)
    if (rendered.browser) {
      browser = rendered.browser
      page = browser.page
    }
    const { document, parsed } = buildDocument(page, plan.document)
    if (browser) addBrowserResults(document, browser)
    if (rendered.warning) addWarning(document, rendered.warning)
    const usage = await deps.jsonFormat.fill(document, page, parsed, plan.formats)
    document.metadata.scrapeId = jobId
    document.metadata.creditsUsed = price
    if (cache) document.metadata.cacheState = 'miss'
    const recorded = await recordScrape(deps.db, {
      teamId,
      price,
      jobId,
      url: page.url,
      finalUrl: page.finalUrl,
      index: plan.retain ? { statusCode: page.statusCode, parsed } : null,
      cacheKey: cache?.store ? cache.key : null,
      document: plan.retain ? document : null,
      usedBrowser: browser !== undefined,
      tokens: usage?.totalTokens ?? 0,
      requestedUrl: plan.requestedUrl,
    })
    if (!recorded) throw new ApiError(402, Errors.paymentRequired)
    if (plan.retain) deps.pagesRecorded?.(deps.db)
    // The browser stays open for POST /v2/scrape/{jobId}/interact until stopped or idle.
    if (browser && deps.browsers) deps.browsers.sessions.keepScrapeSession(jobId, teamId, browser.session)
    return document
  } catch (error) {
    if (browser) await browser.session.context.close().catch(() => {})
    throw error
  }
}
