// The same three writes, each with an Idempotency-Key of the caller's own, as a job that runs again
// after its services restarted would send them. Prints what they answered and what exists.
import { createControlClient } from '@apiplatform/control-client'
import { createWebDataClient, WebDataApiError } from '@apiplatform/web-data-client'

const control = createControlClient()
const web = createWebDataClient()
const run = process.env.RUN_ID as string
const site = process.env.SITE_URL as string

const { apiId } = await control.apis.createApi({ name: `repeat-${run}` }, { idempotencyKey: `${run}-api` })
const { keyId } = await control.keys.createKey({ apiId, name: 'nightly' }, { idempotencyKey: `${run}-key` })
const keys = await control.apis.listKeys({ apiId })
const crawl = await web.crawl.start({ url: `${site}/`, limit: 1 }, { idempotencyKey: `${run}-crawl` })
// The same key with another body is refused, and starts nothing.
const mismatch = await web.crawl
  .start({ url: `${site}/kettle.html`, limit: 1 }, { idempotencyKey: `${run}-crawl` })
  .then(
    () => 'accepted',
    (e: unknown) => (e instanceof WebDataApiError ? e.status : String(e)),
  )

console.log(JSON.stringify({ apiId, keyId, keys: keys.length, crawlId: crawl.id, mismatch }))
