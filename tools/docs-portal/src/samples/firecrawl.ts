/**
 * Which method of `@mendable/firecrawl-js` (the official web-data SDK) sends each operation, and
 * how the operation's example becomes its arguments. The SDK's methods are hand-named (a URL
 * first, options after), so this is the one table that says it; the sample test type-checks every
 * call against the installed SDK and checks that it reaches its operation on the stand-in.
 */
import { literal, quote } from './literal.ts'
import type { SampleOperation } from './operations.ts'

export interface FirecrawlCall {
  method: string
  args: string[]
  readsFile?: boolean
}

type Body = Record<string, unknown>
type Mapping = (op: SampleOperation, body: Body) => FirecrawlCall

const ids = (op: SampleOperation) => op.pathParams.map((p) => quote(p.value))
/** `method(…path parameters)`. */
const byId =
  (method: string): Mapping =>
  (op) => ({ method, args: ids(op) })
/** `method(…path parameters, body)`. */
const withBody =
  (method: string): Mapping =>
  (op, body) => ({ method, args: [...ids(op), literal(body)] })
/** `method(…path parameters, query)` (query omitted when the example has none). */
const withQuery =
  (method: string): Mapping =>
  (op) => ({ method, args: [...ids(op), ...(Object.keys(op.query).length ? [literal(op.query)] : [])] })
/** `method(body[key], rest of body)`: the SDK takes the URL (or query) first. */
const keyFirst =
  (method: string, key: string): Mapping =>
  (_op, body) => {
    const { [key]: first, ...rest } = body
    return { method, args: [literal(first), ...(Object.keys(rest).length ? [literal(rest)] : [])] }
  }

/** Top-level options of `startBatchScrape`; the rest of the body are scrape options (`options`). */
const BATCH_OPTIONS = new Set([
  'webhook',
  'appendToId',
  'ignoreInvalidURLs',
  'maxConcurrency',
  'zeroDataRetention',
  'idempotencyKey',
  'integration',
  'origin',
])

const MAPPINGS: Record<string, Mapping> = {
  scrapeAndExtractFromUrl: keyFirst('scrape', 'url'),
  interactWithScrapeBrowserSession: withBody('interact'),
  stopInteractiveScrapeBrowserSession: byId('stopInteraction'),
  scrapeAndExtractFromUrls: (_op, body) => {
    const { urls, ...rest } = body
    const top = Object.fromEntries(Object.entries(rest).filter(([k]) => BATCH_OPTIONS.has(k)))
    const options = Object.fromEntries(Object.entries(rest).filter(([k]) => !BATCH_OPTIONS.has(k)))
    const opts = { ...(Object.keys(options).length ? { options } : {}), ...top }
    return { method: 'startBatchScrape', args: [literal(urls), literal(opts)] }
  },
  getBatchScrapeStatus: byId('getBatchScrapeStatus'),
  cancelBatchScrape: byId('cancelBatchScrape'),
  getBatchScrapeErrors: byId('getBatchScrapeErrors'),
  parseFile: (op) => {
    const body = op.body?.kind === 'multipart' ? op.body : undefined
    const file = `{ data: await readFile(${quote(body?.fileName ?? 'document.pdf')}), filename: ${quote(body?.fileName ?? 'document.pdf')}, contentType: ${quote(body?.fileType ?? 'application/pdf')} }`
    const options = body?.fields.options
    return { method: 'parse', args: [file, ...(options ? [literal(options)] : [])], readsFile: true }
  },
  searchAndScrape: keyFirst('search', 'query'),
  mapUrls: keyFirst('map', 'url'),
  crawlUrls: keyFirst('startCrawl', 'url'),
  crawlParamsPreview: (_op, body) => ({
    method: 'crawlParamsPreview',
    args: [literal(body.url), literal(body.prompt)],
  }),
  getActiveCrawls: byId('getActiveCrawls'),
  getCrawlStatus: byId('getCrawlStatus'),
  cancelCrawl: byId('cancelCrawl'),
  getCrawlErrors: byId('getCrawlErrors'),
  extractData: withBody('startExtract'),
  getExtractStatus: byId('getExtractStatus'),
  listAgents: withQuery('listAgents'),
  startAgent: withBody('startAgent'),
  getAgentThread: withQuery('getAgentThread'),
  getAgentStatus: byId('getAgentStatus'),
  cancelAgent: byId('cancelAgent'),
  getAgentTrace: withQuery('getAgentTrace'),
  getAgentSnapshot: byId('getAgentSnapshot'),
  // The SDK's session calls use /v2/browser; the same sessions at /v2/interact have no SDK method.
  listBrowsers: withQuery('listBrowsers'),
  createBrowser: withBody('browser'),
  browserExecute: withBody('browserExecute'),
  deleteBrowser: byId('deleteBrowser'),
  listMonitors: withQuery('listMonitors'),
  createMonitor: withBody('createMonitor'),
  getMonitor: byId('getMonitor'),
  updateMonitor: withBody('updateMonitor'),
  deleteMonitor: byId('deleteMonitor'),
  runMonitor: byId('runMonitor'),
  listMonitorChecks: withQuery('listMonitorChecks'),
  getMonitorCheck: withQuery('getMonitorCheck'),
  getCreditUsage: byId('getCreditUsage'),
  getHistoricalCreditUsage: byId('getCreditUsageHistorical'),
  getTokenUsage: byId('getTokenUsage'),
  getHistoricalTokenUsage: byId('getTokenUsageHistorical'),
  getQueueStatus: byId('getQueueStatus'),
  getConcurrency: byId('getConcurrency'),
}

export function firecrawlCall(op: SampleOperation): FirecrawlCall | undefined {
  const mapping = MAPPINGS[op.operationId]
  if (!mapping) return undefined
  const body = (op.body?.kind === 'json' ? op.body.value : {}) as Body
  return mapping(op, body)
}

/** Operations the SDK has a method for (the sample test checks this list against the spec). */
export const FIRECRAWL_OPERATIONS = Object.keys(MAPPINGS)
