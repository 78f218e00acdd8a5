import { routesConsumerFiles } from '@apiplatform/contract'

/** The project of a team that serves two operations with the package (consumer test and `pnpm bench`). */
export const CONSUMER_FILES = routesConsumerFiles({
  server: `import { createApi, type Handler } from '@apiplatform/control-routes'

const liveness: Handler<'liveness'> = (c) =>
  c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200)

const rollback: Handler<'deployments.rollbackDeployment'> = (c) => {
  const { deploymentId } = c.req.valid('json')
  console.log('rolling back', deploymentId)
  return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
}

export const api = createApi({ handlers: { liveness, 'deployments.rollbackDeployment': rollback } })
`,
  // The baseline: the same two operations as a bare hono app.
  bare: `import { Hono } from 'hono'

export const app = new Hono()
  .post('/v2/liveness', (c) => c.json({ meta: { requestId: 'req_1' }, data: { message: 'OK' } }, 200))
  .post('/v2/deployments.rollbackDeployment', async (c) => {
    const { deploymentId } = await c.req.json<{ deploymentId: string }>()
    console.log('rolling back', deploymentId)
    return c.json({ meta: { requestId: 'req_1' }, data: {} }, 202)
  })
`,
})
