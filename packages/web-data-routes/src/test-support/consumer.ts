/** The project of a team that serves two operations with the package (consumer test and `pnpm bench`). */
export const CONSUMER_DEPENDENCIES = {
  hono: '4.13.19',
  zod: '4.6.7',
  '@hono/zod-openapi': '1.6.3',
  typescript: '5.9.3',
}

const tsconfig = (file: string) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        skipLibCheck: true,
        noEmit: true,
        types: [],
      },
      files: [file],
    },
    null,
    2,
  )}\n`

export const CONSUMER_FILES = {
  'tsconfig.json': tsconfig('server.ts'),
  'server.ts': `import { createApi, type Handler } from '@apiplatform/web-data-routes'

const cancelAgent: Handler<'cancelAgent'> = (c) => {
  const { jobId } = c.req.valid('param')
  console.log('cancelling', jobId)
  return c.json({ success: true }, 200)
}

const cancelCrawl: Handler<'cancelCrawl'> = (c) => c.json({ status: 'cancelled' as const }, 200)

export const api = createApi({ handlers: { cancelAgent, cancelCrawl } })
`,
  // The same server mounted on an app of the consumer's own hono.
  'tsconfig.mounted.json': tsconfig('mounted.ts'),
  'mounted.ts': `import { Hono } from 'hono'
import { api } from './server.js'

export const app = new Hono().route('/', api)
`,
  // The baseline: the same two operations as a bare hono app.
  'tsconfig.bare.json': tsconfig('bare.ts'),
  'bare.ts': `import { Hono } from 'hono'

export const app = new Hono()
  .delete('/v2/agent/:jobId', (c) => {
    console.log('cancelling', c.req.param('jobId'))
    return c.json({ success: true }, 200)
  })
  .delete('/v2/crawl/:jobId', (c) => c.json({ status: 'cancelled' as const }, 200))
`,
}
