import type { OperationId } from '@apiplatform/web-data-routes'
import type { Principal } from '../billing/keys.js'
import { grants, type Scope } from '../billing/scopes.js'
import { ApiError, Errors } from './errors.js'

/** The scope each operation needs. Complete by type: a new operation must be given one. */
export const OPERATION_SCOPES: Record<OperationId, Scope> = {
  scrapeAndExtractFromUrl: 'scrape',
  getScrapeStatus: 'scrape',
  scrapeAndExtractFromUrls: 'scrape',
  getBatchScrapeStatus: 'scrape',
  cancelBatchScrape: 'scrape',
  getBatchScrapeErrors: 'scrape',
  interactWithScrapeBrowserSession: 'browser',
  stopInteractiveScrapeBrowserSession: 'browser',
  listBrowserSessions: 'browser',
  createBrowserSession: 'browser',
  executeBrowserCode: 'browser',
  deleteBrowserSession: 'browser',
  parseFile: 'parse',
  searchAndScrape: 'search',
  mapUrls: 'map',
  crawlUrls: 'crawl',
  crawlParamsPreview: 'crawl',
  getActiveCrawls: 'crawl',
  getCrawlStatus: 'crawl',
  cancelCrawl: 'crawl',
  getCrawlErrors: 'crawl',
  extractData: 'extract',
  getExtractStatus: 'extract',
  startAgent: 'agent',
  listAgents: 'agent',
  getAgentThread: 'agent',
  getAgentStatus: 'agent',
  cancelAgent: 'agent',
  getAgentTrace: 'agent',
  getAgentSnapshot: 'agent',
  listMonitors: 'monitor',
  createMonitor: 'monitor',
  getMonitor: 'monitor',
  updateMonitor: 'monitor',
  deleteMonitor: 'monitor',
  runMonitor: 'monitor',
  listMonitorChecks: 'monitor',
  getMonitorCheck: 'monitor',
  getCreditUsage: 'team',
  getHistoricalCreditUsage: 'team',
  getTokenUsage: 'team',
  getHistoricalTokenUsage: 'team',
  getQueueStatus: 'team',
  getActivity: 'team',
}

/** 403 `Forbidden` (code `MISSING_SCOPE`, the scope in `details`) unless the key has the operation's scope. */
export function assertPermitted(principal: Principal, operation: OperationId): void {
  const scope = OPERATION_SCOPES[operation]
  if (!grants(principal.scopes, scope)) {
    throw new ApiError(403, Errors.forbidden, { code: 'MISSING_SCOPE', details: { requiredScope: scope } })
  }
}
