// `pnpm bench`: raw fetch, bare openapi-fetch, this client (fetch transport) and this client
// (undici transport), per call against the same local server.
import { compareCalls } from '@apiplatform/client-core/bench'
import createClient from 'openapi-fetch'
import { createWebDataClient } from '../dist/index.js'
import { undiciTransport } from '../dist/node.js'

const JOB = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
const reply = { success: true, status: 'processing', creditsUsed: 3 }
await compareCalls(JSON.stringify(reply), (baseUrl) => {
  const headers = { authorization: 'Bearer k' }
  const raw = createClient({ baseUrl, headers })
  const ours = createWebDataClient({ baseUrl, apiKey: 'k' })
  const fast = createWebDataClient({ baseUrl, apiKey: 'k', transport: undiciTransport() })
  return {
    'raw fetch': async () => (await fetch(`${baseUrl}/v2/agent/${JOB}`, { headers })).json(),
    'openapi-fetch': () => raw.GET('/v2/agent/{jobId}', { params: { path: { jobId: JOB } } }),
    'web-data-client (fetch)': () => ours.agent.get(JOB),
    'web-data-client (undici)': () => fast.agent.get(JOB),
  }
})
