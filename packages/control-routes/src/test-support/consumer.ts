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
  'server.ts': `import { createApi, type Handler } from '@apiplatform/control-routes'

const liveness: Handler<'liveness'> = (c) =>
  c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200)

const rollback: Handler<'deployments.rollbackDeployment'> = (c) => {
  const { deploymentId } = c.req.valid('json')
  console.log('rolling back', deploymentId)
  return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
}

export const api = createApi({ handlers: { liveness, 'deployments.rollbackDeployment': rollback } })
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
  .post('/v2/liveness', (c) => c.json({ meta: { requestId: 'req_1' }, data: { message: 'OK' } }, 200))
  .post('/v2/deployments.rollbackDeployment', async (c) => {
    const { deploymentId } = await c.req.json<{ deploymentId: string }>()
    console.log('rolling back', deploymentId)
    return c.json({ meta: { requestId: 'req_1' }, data: {} }, 202)
  })
`,
}
