import type { Handlers } from '@apiplatform/web-data-routes'
import type { AppEnv, Deps } from '../http/env.js'
import { cancelAgent } from './cancelAgent/handler.js'
import { cancelBatchScrape } from './cancelBatchScrape/handler.js'
import { cancelCrawl } from './cancelCrawl/handler.js'
import { crawlParamsPreview } from './crawlParamsPreview/handler.js'
import { crawlUrls } from './crawlUrls/handler.js'
import { createBrowserSession } from './createBrowserSession/handler.js'
import { createMonitor } from './createMonitor/handler.js'
import { deleteBrowserSession } from './deleteBrowserSession/handler.js'
import { deleteMonitor } from './deleteMonitor/handler.js'
import { executeBrowserCode } from './executeBrowserCode/handler.js'
import { extractData } from './extractData/handler.js'
import { getActiveCrawls } from './getActiveCrawls/handler.js'
import { getActivity } from './getActivity/handler.js'
import { getAgentSnapshot } from './getAgentSnapshot/handler.js'
import { getAgentStatus } from './getAgentStatus/handler.js'
import { getAgentThread } from './getAgentThread/handler.js'
import { getAgentTrace } from './getAgentTrace/handler.js'
import { getBatchScrapeErrors } from './getBatchScrapeErrors/handler.js'
import { getBatchScrapeStatus } from './getBatchScrapeStatus/handler.js'
import { getCrawlErrors } from './getCrawlErrors/handler.js'
import { getCrawlStatus } from './getCrawlStatus/handler.js'
import { getCreditUsage } from './getCreditUsage/handler.js'
import { getExtractStatus } from './getExtractStatus/handler.js'
import { getHistoricalCreditUsage } from './getHistoricalCreditUsage/handler.js'
import { getHistoricalTokenUsage } from './getHistoricalTokenUsage/handler.js'
import { getMonitor } from './getMonitor/handler.js'
import { getMonitorCheck } from './getMonitorCheck/handler.js'
import { getQueueStatus } from './getQueueStatus/handler.js'
import { getScrapeStatus } from './getScrapeStatus/handler.js'
import { getTokenUsage } from './getTokenUsage/handler.js'
import { interactWithScrapeBrowserSession } from './interactWithScrapeBrowserSession/handler.js'
import { listAgents } from './listAgents/handler.js'
import { listBrowserSessions } from './listBrowserSessions/handler.js'
import { listMonitorChecks } from './listMonitorChecks/handler.js'
import { listMonitors } from './listMonitors/handler.js'
import { mapUrls } from './mapUrls/handler.js'
// Search, monitors, parse and team usage (issue 8).
import { parseFile } from './parseFile/handler.js'
import { runMonitor } from './runMonitor/handler.js'
import { scrapeAndExtractFromUrl } from './scrapeAndExtractFromUrl/handler.js'
import { scrapeAndExtractFromUrls } from './scrapeAndExtractFromUrls/handler.js'
import { searchAndScrape } from './searchAndScrape/handler.js'
import { startAgent } from './startAgent/handler.js'
import { stopInteractiveScrapeBrowserSession } from './stopInteractiveScrapeBrowserSession/handler.js'
import { updateMonitor } from './updateMonitor/handler.js'

/**
 * Every operation of the spec, by operationId. The full `Handlers` type makes a missing or
 * mis-shaped operation a compile error, so a spec change cannot slip past the service.
 */
export function createHandlers(deps: Deps): Handlers<AppEnv> {
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
    getActivity: getActivity(deps),
  }
}
