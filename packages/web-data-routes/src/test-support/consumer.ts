import { routesConsumerFiles } from '@apiplatform/contract'

/** The project of a team that serves two operations with the package (consumer test and `pnpm bench`). */
export const CONSUMER_FILES = routesConsumerFiles({
  server: `import { createApi, type Handler } from '@apiplatform/web-data-routes'

const cancelAgent: Handler<'cancelAgent'> = (c) => {
  const { jobId } = c.req.valid('param')
  console.log('cancelling', jobId)
  return c.json({ success: true }, 200)
}

const cancelCrawl: Handler<'cancelCrawl'> = (c) => c.json({ status: 'cancelled' as const }, 200)

export const api = createApi({ handlers: { cancelAgent, cancelCrawl } })
`,
  // The baseline: the same two operations as a bare hono app.
  bare: `import { Hono } from 'hono'

export const app = new Hono()
  .delete('/v2/agent/:jobId', (c) => {
    console.log('cancelling', c.req.param('jobId'))
    return c.json({ success: true }, 200)
  })
  .delete('/v2/crawl/:jobId', (c) => c.json({ status: 'cancelled' as const }, 200))
`,
})
