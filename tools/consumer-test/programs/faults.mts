// Both clients with their defaults against a server that fails the way real ones do (503 then
// success, 429 with Retry-After, a 422 "sometimes", a 400). `FAULT_URL` is that server.
import { ControlApiError, createControlClient } from '@apiplatform/control-client'
import { createWebDataClient, WebDataApiError } from '@apiplatform/web-data-client'

const baseUrl = process.env.FAULT_URL as string
const attempts: Record<string, number> = {}
const times: Record<string, number[]> = {}
const hooks = {
  onRequest: ({ request }: { request: { url: string } }) => {
    const path = new URL(request.url).pathname
    attempts[path] = (attempts[path] ?? 0) + 1
    times[path] = [...(times[path] ?? []), Date.now()]
  },
}
const control = createControlClient({ baseUrl, rootKey: 'root_fault', hooks })
const web = createWebDataClient({ baseUrl, apiKey: 'fc-fault', hooks })

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) =>
      e instanceof ControlApiError || e instanceof WebDataApiError ? `${e.status} ${e.retryable}` : String(e),
  )
const [liveness, deployment, rollback, scrape, agent, map, crawl] = await Promise.all([
  outcome(control.liveness()),
  outcome(control.deployments.getDeployment({ deploymentId: 'd_1' })),
  outcome(control.deployments.rollbackDeployment({ deploymentId: 'd_1' })),
  outcome(web.scrape({ url: 'https://example.com' })),
  outcome(web.agent.get('5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10')),
  outcome(web.map({ url: 'https://example.com' })),
  outcome(web.crawl.start({ url: 'https://example.com' })),
])
const waited = (path: string) => {
  const t = times[path] ?? []
  return t.length > 1 ? (t[1] as number) - (t[0] as number) : 0
}
console.log(
  JSON.stringify({
    outcomes: { liveness, deployment, rollback, scrape, agent, map, crawl },
    attempts,
    waited: {
      deployment: waited('/v2/deployments.getDeployment'),
      agent: waited('/v2/agent/5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'),
    },
  }),
)
