import type { Handlers } from '@apiplatform/web-data-routes'
import type { AppEnv, Deps } from '../http/env.js'
import { cancelAgent } from './cancelAgent/handler.js'
import { getAgentSnapshot } from './getAgentSnapshot/handler.js'
import { getAgentStatus } from './getAgentStatus/handler.js'
import { getAgentThread } from './getAgentThread/handler.js'
import { getAgentTrace } from './getAgentTrace/handler.js'
import { listAgents } from './listAgents/handler.js'
import { scrapeAndExtractFromUrl } from './scrapeAndExtractFromUrl/handler.js'
import { startAgent } from './startAgent/handler.js'

/** The handlers this service implements, by operationId. */
export function createHandlers(deps: Deps): Partial<Handlers<AppEnv>> {
  return {
    scrapeAndExtractFromUrl: scrapeAndExtractFromUrl(deps),
    startAgent: startAgent(deps),
    listAgents: listAgents(deps),
    getAgentStatus: getAgentStatus(deps),
    cancelAgent: cancelAgent(deps),
    getAgentTrace: getAgentTrace(deps),
    getAgentSnapshot: getAgentSnapshot(deps),
    getAgentThread: getAgentThread(deps),
  }
}
