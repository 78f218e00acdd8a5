// A team's script against the web-data API, with the client's defaults: credentials and base URL
// from the environment, retries and the default deadline on. It prints what it saw as JSON.
import { createWebDataClient, WebDataApiError, type WebDataClient } from '@apiplatform/web-data-client'

const site = process.env.SITE_URL as string
const requests: string[] = []
const web: WebDataClient = createWebDataClient({
  hooks: { onResponse: ({ request, response }) => requests.push(`${request.method} ${response.status}`) },
})

const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'string' } },
  required: ['name'],
}
const { data: page, response } = await web.scrape.withResponse({
  url: `${site}/kettle.html`,
  formats: ['markdown', { type: 'json', schema }],
})
const markdown: string | undefined = page.data?.markdown
const json: Record<string, unknown> | undefined = page.data?.json

const crawl = await web.crawl.start({ url: `${site}/`, limit: 3 })
const crawlId: string = crawl.id
const crawled = await web.crawl.waitFor(crawlId, { pollIntervalMs: 100, timeoutMs: 90_000 })
const documents: string[] = []
for await (const doc of web.crawl.get.all(crawlId)) documents.push(String(doc.metadata?.sourceURL))

const extract = await web.extract.start({ urls: [`${site}/kettle.html`], schema })
const extracted = await web.extract.waitFor(extract.id, { pollIntervalMs: 100, timeoutMs: 90_000 })

const failure = async (call: () => Promise<unknown>) => {
  try {
    await call()
    return 'no error'
  } catch (e) {
    if (!(e instanceof WebDataApiError)) throw e
    return { status: e.status, error: e.error, retryable: e.retryable }
  }
}
const errors = {
  badId: await failure(() => web.agent.get('not-a-uuid')),
  badUrl: await failure(() => web.scrape({ url: 'not a url' })),
}

const key = process.env.WEB_DATA_API_KEY
delete process.env.WEB_DATA_API_KEY
let missingKey = ''
try {
  createWebDataClient()
} catch (e) {
  missingKey = (e as Error).message
}
process.env.WEB_DATA_API_KEY = key

console.log(
  JSON.stringify({
    markdown: markdown?.includes('# Acme Kettle') ?? false,
    json,
    requestId: response.requestId,
    crawl: { outcome: crawled.outcome, documents: documents.length },
    extract: { outcome: extracted.outcome, data: extracted.job.data },
    errors,
    missingKey,
    requests: requests.length,
  }),
)
