import { type OperationId, operations } from '@apiplatform/web-data-routes'
import { statusesOf } from '../http/documented.js'

/**
 * The statuses any operation may answer whatever its request: keys (401), scopes (403), billing
 * (402), the per-minute limit (429) and the database (500, 502, 503, 504). The table test
 * (`src/generic-statuses.test.ts`) drives every operation that documents one of them into
 * it, with the operation's entry of `valid-calls.ts`.
 */
export const GENERIC_STATUSES = [401, 402, 403, 429, 500, 502, 503, 504] as const
export type GenericStatus = (typeof GENERIC_STATUSES)[number]

/**
 * Generic statuses an operation tests in a file of its own, `src/routes/<operationId>/<status>.test.ts`,
 * with cases the generic assertion does not cover (a job's price for 402, a private address for
 * 403, a browser that cannot start for 503…): the table has no row for them.
 */
export const OWN_STATUS_TESTS: Readonly<Partial<Record<OperationId, readonly GenericStatus[]>>> = {
  scrapeAndExtractFromUrl: [401, 402, 403, 503],
  interactWithScrapeBrowserSession: [402, 503],
  scrapeAndExtractFromUrls: [401, 402],
  parseFile: [402],
  searchAndScrape: [401, 402, 429],
  mapUrls: [401, 402, 403],
  crawlUrls: [401, 402],
  crawlParamsPreview: [500, 502, 503, 504],
  getActiveCrawls: [401],
  getCrawlStatus: [401],
  extractData: [401, 402],
  startAgent: [401, 402],
  createBrowserSession: [402, 429, 503],
  createBrowser: [402],
  runMonitor: [402, 429],
}

/**
 * Statuses any operation may answer that one suite of the service tests for every operation (the
 * HTTP edge: a missing or wrong Content-Type, a slow request), with that suite.
 */
export const CROSS_CUTTING: Readonly<Record<string, string>> = {
  '400': 'src/http/edge-statuses.test.ts',
  // Every write documents them for its Idempotency-Key (one middleware, on the operations the spec
  // declares the header on); an operation's own 409/422 for other reasons keeps its own file.
  '409': 'src/idempotency.test.ts',
  '422': 'src/idempotency.test.ts',
  '408': 'src/http/edge-statuses.test.ts',
}

/** One row of the table: an operation driven into a generic status it documents. */
export interface StatusRow {
  operationId: OperationId
  status: `${GenericStatus}`
}

/**
 * The rows the table test runs, in spec order: each generic status each operation documents,
 * but those the operation tests in a file of its own (`OWN_STATUS_TESTS`).
 */
export function statusTable(): StatusRow[] {
  return operations.flatMap(({ operationId }) => {
    const documented = statusesOf(operationId) ?? new Set<number>()
    const own = OWN_STATUS_TESTS[operationId] ?? []
    return GENERIC_STATUSES.filter((status) => documented.has(status) && !own.includes(status)).map(
      (status) => ({ operationId, status: `${status}` as const }),
    )
  })
}
