// Both clients with their defaults, through a proxy that loses the first answer of a write after
// the service has done it (a 502 from a load balancer, a reset connection). `LOSSY_CONTROL_URL` and
// `LOSSY_WEB_DATA_URL` are that proxy in front of each service; keys come from the environment.
import { ControlApiError, createControlClient } from '@apiplatform/control-client'
import { createWebDataClient } from '@apiplatform/web-data-client'

const control = createControlClient({ baseUrl: process.env.LOSSY_CONTROL_URL as string })
const web = createWebDataClient({ baseUrl: process.env.LOSSY_WEB_DATA_URL as string })

const { apiId } = await control.apis.createApi({ name: 'idempotent-retries' })
// The first answer is lost; the client's retry carries the same key and gets the first answer.
const created = await control.keys.createKey({ apiId, name: 'retried' })
const keys = await control.apis.listKeys({ apiId })

// The same key again with another body: refused, nothing created.
const own = `consumer-${Date.now()}`
await control.keys.createKey({ apiId, name: 'first' }, { idempotencyKey: own })
const mismatch = await control.keys.createKey({ apiId, name: 'second' }, { idempotencyKey: own }).then(
  () => 'accepted',
  (e: unknown) => (e instanceof ControlApiError ? e.status : String(e)),
)
const after = await control.apis.listKeys({ apiId })

const crawl = await web.crawl.start({ url: process.env.SITE_URL as string, limit: 1 })

console.log(
  JSON.stringify({
    keyId: created.keyId,
    keyIds: keys.map((k) => k.keyId),
    mismatch,
    keysAfterMismatch: after.length,
    crawlId: crawl.id,
  }),
)
