import type { Handlers } from '@apiplatform/web-data-routes'
import type { Deps } from './deps.js'
import type { ServiceEnv } from './http/env.js'
import { browserExecute } from './routes/browserExecute/handler.js'
import { cancelAgent } from './routes/cancelAgent/handler.js'
import { cancelBatchScrape } from './routes/cancelBatchScrape/handler.js'
import { cancelCrawl } from './routes/cancelCrawl/handler.js'
import { crawlParamsPreview } from './routes/crawlParamsPreview/handler.js'
import { crawlUrls } from './routes/crawlUrls/handler.js'
import { createBrowser } from './routes/createBrowser/handler.js'
import { createBrowserSession } from './routes/createBrowserSession/handler.js'
import { createMonitor } from './routes/createMonitor/handler.js'
import { deleteBrowser } from './routes/deleteBrowser/handler.js'
import { deleteBrowserSession } from './routes/deleteBrowserSession/handler.js'
import { deleteMonitor } from './routes/deleteMonitor/handler.js'
import { executeBrowserCode } from './routes/executeBrowserCode/handler.js'
import { extractData } from './routes/extractData/handler.js'
import { getActiveCrawls } from './routes/getActiveCrawls/handler.js'
import { getActivity } from './routes/getActivity/handler.js'
import { getAgentSnapshot } from './routes/getAgentSnapshot/handler.js'
import { getAgentStatus } from './routes/getAgentStatus/handler.js'
import { getAgentThread } from './routes/getAgentThread/handler.js'
import { getAgentTrace } from './routes/getAgentTrace/handler.js'
import { getBatchScrapeErrors } from './routes/getBatchScrapeErrors/handler.js'
import { getBatchScrapeStatus } from './routes/getBatchScrapeStatus/handler.js'
import { getConcurrency } from './routes/getConcurrency/handler.js'
import { getCrawlErrors } from './routes/getCrawlErrors/handler.js'
import { getCrawlStatus } from './routes/getCrawlStatus/handler.js'
import { getCreditUsage } from './routes/getCreditUsage/handler.js'
import { getExtractStatus } from './routes/getExtractStatus/handler.js'
import { getHistoricalCreditUsage } from './routes/getHistoricalCreditUsage/handler.js'
import { getHistoricalTokenUsage } from './routes/getHistoricalTokenUsage/handler.js'
import { getMonitor } from './routes/getMonitor/handler.js'
import { getMonitorCheck } from './routes/getMonitorCheck/handler.js'
import { getQueueStatus } from './routes/getQueueStatus/handler.js'
import { getScrapeStatus } from './routes/getScrapeStatus/handler.js'
import { getTokenUsage } from './routes/getTokenUsage/handler.js'
import { interactWithScrapeBrowserSession } from './routes/interactWithScrapeBrowserSession/handler.js'
import { listAgents } from './routes/listAgents/handler.js'
import { listBrowserSessions } from './routes/listBrowserSessions/handler.js'
import { listBrowsers } from './routes/listBrowsers/handler.js'
import { listMonitorChecks } from './routes/listMonitorChecks/handler.js'
import { listMonitors } from './routes/listMonitors/handler.js'
import { mapUrls } from './routes/mapUrls/handler.js'
// Search, monitors, parse and team usage.
import { parseFile } from './routes/parseFile/handler.js'
import { runMonitor } from './routes/runMonitor/handler.js'
import { scrapeAndExtractFromUrl } from './routes/scrapeAndExtractFromUrl/handler.js'
import { scrapeAndExtractFromUrls } from './routes/scrapeAndExtractFromUrls/handler.js'
import { searchAndScrape } from './routes/searchAndScrape/handler.js'
import { startAgent } from './routes/startAgent/handler.js'
import { stopInteractiveScrapeBrowserSession } from './routes/stopInteractiveScrapeBrowserSession/handler.js'
import { updateMonitor } from './routes/updateMonitor/handler.js'

/**
 * Every operation of the spec, by operationId. The full `Handlers` type makes a missing or
 * mis-shaped operation a compile error, so a spec change cannot slip past the service.
 */
export function createHandlers(deps: Deps): Handlers<ServiceEnv> {
  return {
    scrapeAndExtractFromUrl: scrapeAndExtractFromUrl(deps),
    startAgent: startAgent(deps),
    listAgents: listAgents(deps),
    getAgentStatus: getAgentStatus(deps),
    cancelAgent: cancelAgent(deps),
    getAgentTrace: getAgentTrace(deps),
    getAgentSnapshot: getAgentSnapshot(deps),
    getAgentThread: getAgentThread(deps),
    crawlUrls: crawlUrls(deps),
    getCrawlStatus: getCrawlStatus(deps),
    cancelCrawl: cancelCrawl(deps),
    getCrawlErrors: getCrawlErrors(deps),
    getActiveCrawls: getActiveCrawls(deps),
    crawlParamsPreview: crawlParamsPreview(deps),
    mapUrls: mapUrls(deps),
    scrapeAndExtractFromUrls: scrapeAndExtractFromUrls(deps),
    getBatchScrapeStatus: getBatchScrapeStatus(deps),
    cancelBatchScrape: cancelBatchScrape(deps),
    getBatchScrapeErrors: getBatchScrapeErrors(deps),
    extractData: extractData(deps),
    getExtractStatus: getExtractStatus(deps),
    getScrapeStatus: getScrapeStatus(deps),
    interactWithScrapeBrowserSession: interactWithScrapeBrowserSession(deps),
    stopInteractiveScrapeBrowserSession: stopInteractiveScrapeBrowserSession(deps),
    listBrowserSessions: listBrowserSessions(deps),
    createBrowserSession: createBrowserSession(deps),
    executeBrowserCode: executeBrowserCode(deps),
    deleteBrowserSession: deleteBrowserSession(deps),
    listBrowsers: listBrowsers(deps),
    createBrowser: createBrowser(deps),
    browserExecute: browserExecute(deps),
    deleteBrowser: deleteBrowser(deps),
    parseFile: parseFile(deps),
    searchAndScrape: searchAndScrape(deps),
    listMonitors: listMonitors(deps),
    createMonitor: createMonitor(deps),
    getMonitor: getMonitor(deps),
    deleteMonitor: deleteMonitor(deps),
    updateMonitor: updateMonitor(deps),
    runMonitor: runMonitor(deps),
    listMonitorChecks: listMonitorChecks(deps),
    getMonitorCheck: getMonitorCheck(deps),
    getCreditUsage: getCreditUsage(deps),
    getHistoricalCreditUsage: getHistoricalCreditUsage(deps),
    getTokenUsage: getTokenUsage(deps),
    getHistoricalTokenUsage: getHistoricalTokenUsage(deps),
    getQueueStatus: getQueueStatus(deps),
    getConcurrency: getConcurrency(deps),
    getActivity: getActivity(deps),
  }
}
