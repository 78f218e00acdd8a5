import { request } from 'node:http'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { bundledSpec, ROOT_KEY, useTestService } from '../testing/harness.js'

/** Errors outside any one operation: unknown routes, wrong methods, oversized bodies, the spec itself. */
describe.each(testDatabaseKinds())('HTTP surface (%s)', (kind) => {
  const t = useTestService({ kind })
  const isProblem = (
    body: { meta?: { requestId?: string }; error?: { status?: number; type?: string } },
    status: number,
  ) => {
    expect(body.meta?.requestId).toMatch(/^req_/)
    expect(body.error?.status).toBe(status)
    expect(body.error?.type).toMatch(/^https:\/\/docs\.deploy-control\.dev\/errors\//)
  }

  it('serves the bundled hand-written spec on GET /openapi.json', async () => {
    const response = await fetch(`${t.service.url}/openapi.json`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(bundledSpec)
  })

  it('answers unknown routes with a 404 problem', async () => {
    const response = await fetch(`${t.service.url}/v2/nothing.here`, { method: 'POST' })
    expect(response.status).toBe(404)
    isProblem(await response.json(), 404)
  })

  it('answers a wrong method with a 405 problem', async () => {
    const response = await fetch(`${t.service.url}/v2/deployments.rollbackDeployment`)
    expect(response.status).toBe(405)
    isProblem(await response.json(), 405)
  })

  it('answers POST on liveness, which is called with GET, with a 405 problem that names the method', async () => {
    const response = await fetch(`${t.service.url}/v2/liveness`, { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
    isProblem(await response.json(), 405)
  })

  it('answers an oversized body with a 413 problem (documented on every operation with a body)', async () => {
    // A connection of its own: the server answers before reading the whole body and closes it,
    // which would break the next request of a shared keep-alive pool.
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${t.service.url}/v2/deployments.getDeployment`,
        {
          method: 'POST',
          agent: false,
          headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => {
            text += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
        },
      )
      req.on('error', reject)
      req.end(JSON.stringify({ deploymentId: 'x'.repeat(2 * 1024 * 1024) }))
    })
    expect(status).toBe(413)
    isProblem(JSON.parse(body), 413)
    expect(JSON.parse(body).error.type).toMatch(/request\/payload_too_large$/)
  })
})
