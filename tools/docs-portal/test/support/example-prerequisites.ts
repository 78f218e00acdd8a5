/**
 * The one list of operations whose first example cannot work on a freshly seeded stand-in as
 * written, and what a reader does first instead: the web-data operations on a job, session or
 * monitor name its id in the path, and those ids are made by the service when the job starts
 * (a seeded job would have no pages, no run, no browser behind it). Before such a sample the test
 * sends the request that makes one, as the reader would, and runs the sample with the new id in
 * place of the example's.
 *
 * Every other operation (all of control's, thanks to its demo seed) runs its first example as is.
 */

/** Sends a request to the stand-in with the test's credential; resolves to the JSON answer (2xx only). */
export type Call = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>

/** The real value of each path parameter the sample names, by parameter name. */
type Prerequisite = (call: Call, site: string) => Promise<Record<string, string>>

const idOf = (answer: Record<string, unknown>): string => {
  const id = answer.id ?? (answer.data as Record<string, unknown> | undefined)?.id
  if (typeof id !== 'string') throw new Error(`no id in ${JSON.stringify(answer).slice(0, 300)}`)
  return id
}

const scrape: Prerequisite = async (call, site) => {
  const answer = await call('POST', '/v2/scrape', { url: `${site}/`, formats: ['markdown'] })
  const metadata = (answer.data as { metadata?: { scrapeId?: string } }).metadata
  return { jobId: String(metadata?.scrapeId) }
}
const batch: Prerequisite = async (call, site) => ({
  id: idOf(await call('POST', '/v2/batch/scrape', { urls: [`${site}/`] })),
})
const crawl: Prerequisite = async (call, site) => ({
  id: idOf(await call('POST', '/v2/crawl', { url: `${site}/`, limit: 2 })),
})
const extract: Prerequisite = async (call, site) => ({
  id: idOf(await call('POST', '/v2/extract', { urls: [`${site}/`], prompt: 'The page title.' })),
})
const agent = (call: Call, site: string, url = `${site}/`) =>
  call('POST', '/v2/agent', {
    prompt: 'Which APIs does this site document?',
    urls: [url],
    maxCredits: 50,
  })
const agentJob: Prerequisite = async (call, site) => ({ jobId: idOf(await agent(call, site)) })
/** A run that cannot finish before its cancellation: its page never answers. */
const runningAgentJob: Prerequisite = async (call, site) => ({
  jobId: idOf(await agent(call, site, `${site}/never-answers`)),
})
const session: Prerequisite = async (call) => ({
  sessionId: idOf(await call('POST', '/v2/interact', { ttl: 600 })),
})
const monitor: Prerequisite = async (call, site) => ({
  monitorId: idOf(
    await call('POST', '/v2/monitor', {
      name: 'Docs home',
      schedule: { cron: '0 8 * * *' },
      targets: [{ type: 'scrape', urls: [`${site}/`] }],
    }),
  ),
})

/** Polls `check` every 100 ms until it returns a value (an agent run finishing, a check existing). */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export const PREREQUISITES: Record<string, Prerequisite> = {
  getScrapeStatus: scrape,
  interactWithScrapeBrowserSession: scrape,
  stopInteractiveScrapeBrowserSession: async (call, site) => {
    // A session to stop: the scrape's browser, opened by a first interaction.
    const ids = await scrape(call, site)
    await call('POST', `/v2/scrape/${ids.jobId}/interact`, { code: 'return 1' })
    return ids
  },
  getBatchScrapeStatus: batch,
  cancelBatchScrape: batch,
  getBatchScrapeErrors: batch,
  getCrawlStatus: crawl,
  cancelCrawl: crawl,
  getCrawlErrors: crawl,
  getExtractStatus: extract,
  getAgentStatus: agentJob,
  cancelAgent: runningAgentJob,
  getAgentTrace: agentJob,
  getAgentThread: async (call, site) => {
    const started = await agent(call, site)
    return { threadId: String(started.threadId) }
  },
  getAgentSnapshot: async (call, site) => {
    // The snapshot of the run's result, named by its trace once the run has one.
    const jobId = idOf(await agent(call, site))
    const snapshotId = await until(async () => {
      const trace = await call('GET', `/v2/agent/${jobId}/trace`)
      const events = trace.events as Array<{ artifact?: { snapshotId?: string } }>
      return events.find((e) => e.artifact?.snapshotId)?.artifact?.snapshotId
    }, `a snapshot of agent run ${jobId}`)
    return { jobId, snapshotId }
  },
  executeBrowserCode: session,
  deleteBrowserSession: session,
  browserExecute: session,
  deleteBrowser: session,
  getMonitor: monitor,
  deleteMonitor: monitor,
  updateMonitor: monitor,
  runMonitor: monitor,
  listMonitorChecks: monitor,
  getMonitorCheck: async (call, site) => {
    const { monitorId } = await monitor(call, site)
    const checkId = idOf(await call('POST', `/v2/monitor/${monitorId}/run`))
    return { monitorId: String(monitorId), checkId }
  },
}
