// `pnpm bench`: raw fetch, bare openapi-fetch, this client (fetch transport) and this client
// (undici transport), per call against the same local server.
import { compareCalls } from '@apiplatform/client-core/bench'
import createClient from 'openapi-fetch'
import { createControlClient } from '../dist/index.js'
import { undiciTransport } from '../dist/node.js'

const reply = { meta: { requestId: 'r' }, data: { id: 'd_1', status: 'ready' } }
await compareCalls(JSON.stringify(reply), (baseUrl) => {
  const body = JSON.stringify({ deploymentId: 'd_1' })
  const headers = { 'content-type': 'application/json', authorization: 'Bearer k' }
  const raw = createClient({ baseUrl, headers })
  const ours = createControlClient({ baseUrl, rootKey: 'k' })
  const fast = createControlClient({ baseUrl, rootKey: 'k', transport: undiciTransport() })
  return {
    'raw fetch': async () =>
      (await fetch(`${baseUrl}/v2/deployments.getDeployment`, { method: 'POST', headers, body })).json(),
    'openapi-fetch': () => raw.POST('/v2/deployments.getDeployment', { body: { deploymentId: 'd_1' } }),
    'control-client (fetch)': () => ours.deployments.getDeployment({ deploymentId: 'd_1' }),
    'control-client (undici)': () => fast.deployments.getDeployment({ deploymentId: 'd_1' }),
  }
})
