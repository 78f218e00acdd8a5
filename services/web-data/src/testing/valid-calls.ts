import { randomUUID } from 'node:crypto'
import type { OperationId } from '@apiplatform/web-data-routes'
import { UNREACHABLE } from './requests.js'
import type { Call } from './statuses.js'
import { upload } from './uploads.js'

/**
 * One valid request per operation, for the status tests whose answer does not depend on the
 * request (401, 402, 403, 429 and the database failures, `status-table.ts`): it must get
 * past validation, so that the status under test is what answers it.
 */
export const VALID_CALLS: Partial<Record<OperationId, Call>> = {
  cancelAgent: (client) => client.DELETE('/v2/agent/{jobId}', { params: { path: { jobId: randomUUID() } } }),
  cancelBatchScrape: (client) =>
    client.DELETE('/v2/batch/scrape/{id}', { params: { path: { id: randomUUID() } } }),
  cancelCrawl: (client) => client.DELETE('/v2/crawl/{id}', { params: { path: { id: randomUUID() } } }),
  crawlParamsPreview: (client) =>
    client.POST('/v2/crawl/params-preview', {
      body: { url: 'https://docs.example.com', prompt: 'only the blog' },
    }),
  crawlUrls: (client) => client.POST('/v2/crawl', { body: { url: UNREACHABLE } }),
  createBrowserSession: (client) => client.POST('/v2/interact', { body: {} }),
  createBrowser: (client) => client.POST('/v2/browser', { body: {} }),
  listBrowsers: (client) => client.GET('/v2/browser'),
  browserExecute: (client) =>
    client.POST('/v2/browser/{sessionId}/execute', {
      params: { path: { sessionId: 'bs_unknown' } },
      body: { code: 'return 1' },
    }),
  deleteBrowser: (client) =>
    client.DELETE('/v2/browser/{sessionId}', { params: { path: { sessionId: 'bs_unknown' } } }),
  getConcurrency: (client) => client.GET('/v2/concurrency-check'),
  createMonitor: (client) =>
    client.POST('/v2/monitor', {
      body: {
        name: 'Pricing',
        schedule: { cron: '0 0 1 1 *' },
        targets: [{ type: 'scrape', urls: ['https://example.com/pricing'] }],
      } as never,
    }),
  deleteBrowserSession: (client) =>
    client.DELETE('/v2/interact/{sessionId}', { params: { path: { sessionId: 'bs_unknown' } } }),
  deleteMonitor: (client) =>
    client.DELETE('/v2/monitor/{monitorId}', { params: { path: { monitorId: randomUUID() } } }),
  executeBrowserCode: (client) =>
    client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId: 'bs_unknown' } },
      body: { code: 'return 1' },
    }),
  extractData: (client) => client.POST('/v2/extract', { body: { urls: [UNREACHABLE], prompt: 'the title' } }),
  getActiveCrawls: (client) => client.GET('/v2/crawl/active'),
  getActivity: (client) => client.GET('/v2/team/activity'),
  getAgentSnapshot: (client) =>
    client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: { path: { jobId: randomUUID(), snapshotId: `snap_${'A'.repeat(26)}` } },
    }),
  getAgentStatus: (client) => client.GET('/v2/agent/{jobId}', { params: { path: { jobId: randomUUID() } } }),
  getAgentThread: (client) =>
    client.GET('/v2/agent/threads/{threadId}', { params: { path: { threadId: 'thr_unknown' } } }),
  getAgentTrace: (client) =>
    client.GET('/v2/agent/{jobId}/trace', { params: { path: { jobId: randomUUID() } } }),
  getBatchScrapeErrors: (client) =>
    client.GET('/v2/batch/scrape/{id}/errors', { params: { path: { id: randomUUID() } } }),
  getBatchScrapeStatus: (client) =>
    client.GET('/v2/batch/scrape/{id}', { params: { path: { id: randomUUID() } } }),
  getCrawlErrors: (client) => client.GET('/v2/crawl/{id}/errors', { params: { path: { id: randomUUID() } } }),
  getCrawlStatus: (client) => client.GET('/v2/crawl/{id}', { params: { path: { id: randomUUID() } } }),
  getCreditUsage: (client) => client.GET('/v2/team/credit-usage'),
  getExtractStatus: (client) => client.GET('/v2/extract/{id}', { params: { path: { id: randomUUID() } } }),
  getHistoricalCreditUsage: (client) => client.GET('/v2/team/credit-usage/historical'),
  getHistoricalTokenUsage: (client) => client.GET('/v2/team/token-usage/historical'),
  getMonitor: (client) =>
    client.GET('/v2/monitor/{monitorId}', { params: { path: { monitorId: randomUUID() } } }),
  getMonitorCheck: (client) =>
    client.GET('/v2/monitor/{monitorId}/checks/{checkId}', {
      params: { path: { monitorId: randomUUID(), checkId: randomUUID() } },
    }),
  getQueueStatus: (client) => client.GET('/v2/team/queue-status'),
  getScrapeStatus: (client) =>
    client.GET('/v2/scrape/{jobId}', { params: { path: { jobId: randomUUID() } } }),
  getTokenUsage: (client) => client.GET('/v2/team/token-usage'),
  interactWithScrapeBrowserSession: (client) =>
    client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId: randomUUID() } },
      body: { code: 'return 1' },
    }),
  listAgents: (client) => client.GET('/v2/agent'),
  listBrowserSessions: (client) => client.GET('/v2/interact'),
  listMonitorChecks: (client) =>
    client.GET('/v2/monitor/{monitorId}/checks', { params: { path: { monitorId: randomUUID() } } }),
  listMonitors: (client) => client.GET('/v2/monitor'),
  mapUrls: (client) => client.POST('/v2/map', { body: { url: UNREACHABLE } }),
  parseFile: (client) =>
    client.POST('/v2/parse', { body: upload('# Notes', 'notes.md', 'text/markdown') as never }),
  runMonitor: (client) =>
    client.POST('/v2/monitor/{monitorId}/run', { params: { path: { monitorId: randomUUID() } } }),
  scrapeAndExtractFromUrl: (client) => client.POST('/v2/scrape', { body: { url: UNREACHABLE } }),
  scrapeAndExtractFromUrls: (client) => client.POST('/v2/batch/scrape', { body: { urls: [UNREACHABLE] } }),
  searchAndScrape: (client) => client.POST('/v2/search', { body: { query: 'kettle' } }),
  startAgent: (client) => client.POST('/v2/agent', { body: { prompt: 'the title', urls: [UNREACHABLE] } }),
  stopInteractiveScrapeBrowserSession: (client) =>
    client.DELETE('/v2/scrape/{jobId}/interact', { params: { path: { jobId: randomUUID() } } }),
  updateMonitor: (client) =>
    client.PATCH('/v2/monitor/{monitorId}', {
      params: { path: { monitorId: randomUUID() } },
      body: { name: 'Renamed' },
    }),
}
