import { describe, expect, it } from 'vitest'
import { createApi } from './create-api.js'
import type { Handlers } from './generated/handlers.js'

const handlers: Partial<Handlers> = {
  liveness: (c) => c.json({ meta: { requestId: c.get('requestId') }, data: { message: 'OK' } }, 200),
  'deployments.rollbackDeployment': (c) => {
    const { deploymentId } = c.req.valid('json')
    if (deploymentId === 'd_boom') throw new Error('database exploded at /srv/secret.ts:12')
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
  },
}

const app = createApi({ handlers, bodyLimit: 1024 })
const post = (path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    // `duplex` (needed for a stream body) is missing from the DOM RequestInit type.
    ...(body === undefined ? {} : ({ body, duplex: 'half' } as RequestInit)),
  })
/** A body streamed in `count` chunks of `size` bytes, of unknown length. */
const chunked = (count: number, size: number) => {
  const chunk = new TextEncoder().encode('x'.repeat(size))
  let sent = 0
  return new ReadableStream({ pull: (c) => (sent++ < count ? c.enqueue(chunk) : c.close()) })
}

const expectProblem = async (res: Response, status: number) => {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  const body = (await res.json()) as { meta: { requestId: string }; error: Record<string, unknown> }
  expect(Object.keys(body).sort()).toEqual(['error', 'meta'])
  expect(body.meta.requestId).toMatch(/^req_[0-9A-Za-z]{22}$/)
  expect(body.error.status).toBe(status)
  expect(body.error.type).toMatch(/^https:\/\/.+\/errors\/.+$/)
  expect(typeof body.error.title).toBe('string')
  expect(typeof body.error.detail).toBe('string')
  return body
}

describe('createApi (control)', () => {
  it('serves a handler with a fresh request id, ignoring the client', async () => {
    const res = await app.request('/v2/liveness', { headers: { 'x-request-id': 'req_client' } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { meta: { requestId: string } }
    expect(body.meta.requestId).toMatch(/^req_/)
    expect(body.meta.requestId).not.toBe('req_client')
  })

  it('accepts a valid rollback', async () => {
    const res = await post('/v2/deployments.rollbackDeployment', JSON.stringify({ deploymentId: 'd_123' }))
    expect(res.status).toBe(202)
  })

  it('answers validation errors with 400 problem details and JSON-path locations', async () => {
    const res = await post(
      '/v2/deployments.rollbackDeployment',
      JSON.stringify({ deploymentId: 'x', extra: 1 }),
    )
    const body = await expectProblem(res, 400)
    expect(body.error.type).toBe('https://docs.deploy-control.dev/errors/request/invalid_body')
    const errors = body.error.errors as { location: string; message: string; fix?: string }[]
    expect(errors.map((e) => e.location).sort()).toEqual(['body.deploymentId', 'body.extra'])
    expect(errors.every((e) => e.message.length > 0)).toBe(true)
    expect(errors.find((e) => e.location === 'body.extra')?.fix).toMatch(/Remove/)
  })

  it('reports a missing required field', async () => {
    const body = await expectProblem(await post('/v2/deployments.rollbackDeployment', '{}'), 400)
    expect(body.error.errors).toEqual([
      expect.objectContaining({ location: 'body.deploymentId', message: 'Required property is missing' }),
    ])
  })

  it('answers malformed JSON with 400 malformed_json', async () => {
    const body = await expectProblem(
      await post('/v2/deployments.rollbackDeployment', '{"deploymentId": '),
      400,
    )
    expect(body.error.type).toMatch(/request\/malformed_json$/)
    expect(body.error.errors).toEqual([expect.objectContaining({ location: 'body' })])
  })

  it('answers unknown routes with 404', async () => {
    await expectProblem(await post('/v2/nothing.here', '{}'), 404)
    await expectProblem(await app.request('/'), 404)
  })

  it('answers a wrong method with 405 and Allow', async () => {
    const res = await app.request('/v2/deployments.rollbackDeployment', { method: 'GET' })
    await expectProblem(res, 405)
    expect(res.headers.get('allow')).toBe('POST')
  })

  it('answers oversized bodies with 413 payload_too_large, as every operation with a body documents', async () => {
    const big = JSON.stringify({ deploymentId: 'd_1', pad: 'x'.repeat(4096) })
    await expectProblem(await post('/v2/deployments.rollbackDeployment', big), 413)
  })

  it('answers a declared oversized body with 413 without reading it', async () => {
    let pulled = 0
    const body = new ReadableStream({ pull: () => void pulled++ }, { highWaterMark: 0 })
    const res = await post('/v2/deployments.rollbackDeployment', body, { 'content-length': '1025' })
    const problem = await expectProblem(res, 413)
    expect(problem.error.type).toBe('https://docs.deploy-control.dev/errors/request/payload_too_large')
    expect(problem.error.detail).toBe(
      'The request body exceeds 1024 bytes. Send at most 1024 bytes (split a batch into several calls).',
    )
    expect(problem.error.errors).toBeUndefined()
    expect(pulled).toBe(0)
  })

  it('answers a chunked body over the limit with 413', async () => {
    const res = await post('/v2/deployments.rollbackDeployment', chunked(4, 512), {
      'transfer-encoding': 'chunked',
    })
    await expectProblem(res, 413)
  })

  it('serves a body within the limit whose length is declared', async () => {
    const body = JSON.stringify({ deploymentId: 'd_123' })
    const res = await post('/v2/deployments.rollbackDeployment', body, {
      'content-length': String(body.length),
    })
    expect(res.status).toBe(202)
  })

  it('answers thrown exceptions with 500 and never leaks the stack', async () => {
    const errors: unknown[] = []
    const api = createApi({ handlers, onUnexpectedError: (e) => errors.push(e) })
    const res = await api.request('/v2/deployments.rollbackDeployment', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deploymentId: 'd_boom' }),
    })
    const text = await res.clone().text()
    await expectProblem(res, 500)
    expect(text).not.toMatch(/secret|exploded|at /)
    expect(errors).toHaveLength(1)
  })

  it('answers operations without a handler with 501', async () => {
    await expectProblem(
      await post('/v2/deployments.getDeployment', JSON.stringify({ deploymentId: 'd_1' })),
      501,
    )
  })

  it('runs the auth hook before validation, with the operationId set', async () => {
    const seen: string[] = []
    const api = createApi({
      handlers,
      auth: async (c, next) => {
        seen.push(c.get('operationId'))
        if (c.get('operationId') === 'liveness') return next()
        return c.json({ meta: { requestId: c.get('requestId') }, error: { status: 401 } }, 401)
      },
    })
    expect((await api.request('/v2/liveness')).status).toBe(200)
    expect(
      (await api.request('/v2/deployments.rollbackDeployment', { method: 'POST', body: '{' })).status,
    ).toBe(401)
    expect(seen).toEqual(['liveness', 'deployments.rollbackDeployment'])
  })

  it('lets the service supply the request id', async () => {
    const api = createApi({ handlers, requestId: () => 'req_fixed' })
    const body = (await (await api.request('/v2/liveness')).json()) as {
      meta: { requestId: string }
    }
    expect(body.meta.requestId).toBe('req_fixed')
  })
})
