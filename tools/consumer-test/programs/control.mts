// A team's script against the control API, with the client's defaults: credentials and base URL
// from the environment, retries and the default deadline on. It prints what it saw as JSON.
import {
  ControlApiError,
  type ControlClient,
  createControlClient,
  type Deployment,
  type ResponseInfo,
} from '@apiplatform/control-client'

const requests: string[] = []
const control: ControlClient = createControlClient({
  hooks: {
    onRequest: ({ request }) => {
      request.headers['x-team'] = 'payments'
      requests.push(new URL(request.url).pathname)
    },
  },
})

const live: string = (await control.liveness()).message

const { data: current, response }: { data: Deployment; response: ResponseInfo } =
  await control.deployments.getDeployment.withResponse({ deploymentId: 'd_seed_v3' })

let pages = 0
for await (const _ of control.deployments.listDeployments.pages({ limit: 2 })) pages++
const listed: string[] = []
for await (const d of control.deployments.listDeployments.all({ limit: 2 })) listed.push(d.id)

// A free-form object of the spec takes any JSON, a JSON Schema-like `type` key included.
const meta = { type: 'object', plan: 'pro', limits: { seats: 3 }, tags: ['eu'] }
await control.identities.createIdentity({ externalId: 'consumer_1', meta })
const identity = await control.identities.getIdentity({ identity: 'consumer_1' })

const failure = async (call: () => Promise<unknown>) => {
  try {
    await call()
    return 'no error'
  } catch (e) {
    if (!(e instanceof ControlApiError)) throw e
    return {
      status: e.status,
      title: e.title,
      retryable: e.retryable,
      requestId: e.requestId,
      errors: e.is(400) ? e.errors.length : 0,
      locations: e.is(400) ? e.errors.map((x) => x.location) : [],
    }
  }
}
const errors = {
  stopped: await failure(() => control.deployments.rollbackDeployment({ deploymentId: 'd_seed_stopped' })),
  missing: await failure(() => control.deployments.getDeployment({ deploymentId: 'd_nope' })),
  wrongType: await failure(() => control.deployments.rollbackDeployment({ deploymentId: 12 } as never)),
}

await control.deployments.rollbackDeployment({ deploymentId: 'd_seed_v2' })
const statuses: string[] = []
const rollback = await control.deployments.waitFor('d_seed_v2', {
  until: 'current',
  pollIntervalMs: 50,
  timeoutMs: 60_000,
  onStatus: (d) => statuses.push(`${d.status}${d.isCurrent ? ' current' : ''}`),
})
const aborted = await control.deployments
  .waitFor('d_seed_v1', { until: 'current', signal: AbortSignal.abort(new Error('changed my mind')) })
  .then(
    () => 'resolved',
    (e: Error) => e.message,
  )

const key = process.env.CONTROL_ROOT_KEY
delete process.env.CONTROL_ROOT_KEY
let missingKey = ''
try {
  createControlClient()
} catch (e) {
  missingKey = (e as Error).message
}
process.env.CONTROL_ROOT_KEY = key

console.log(
  JSON.stringify({
    live,
    current: {
      id: current.id,
      isCurrent: current.isCurrent,
      status: response.status,
      requestId: response.requestId,
    },
    pages,
    listed,
    identityMeta: identity.meta,
    errors,
    rollback: { outcome: rollback.outcome, isCurrent: rollback.deployment.isCurrent, polls: statuses.length },
    aborted,
    missingKey,
    requests: requests.length,
  }),
)
