import { failureAfterDefaultRetries, failureAtDeadline, fakeClock } from '@apiplatform/client-core/fake-clock'
import { faultServerPerTest, json, until } from '@apiplatform/client-core/testing'
import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import {
  ControlApiError,
  ControlNetworkError,
  ControlTimeoutError,
  createControlClient,
  type ValidationError,
} from '../src/index.js'

const srv = faultServerPerTest()

const meta = { requestId: 'req_1' }
const problem = (status: number, extra: object = {}) => ({
  meta,
  error: {
    type: `https://docs/errors/${status}`,
    title: 'T',
    detail: 'D',
    status,
    ...extra,
  },
})
const client = (o: Partial<Parameters<typeof createControlClient>[0]> = {}) =>
  createControlClient({ baseUrl: srv.url, rootKey: 'root_abc', ...o })

describe('facade', () => {
  it('POSTs JSON to /v2/{service}.{procedure} with auth and identification, resolves with data', async () => {
    srv.reply(json(202, { meta, data: {} }))
    const data = await client().deployments.rollbackDeployment({
      deploymentId: 'd_123',
    })
    expect(data).toEqual({})
    const [r] = srv.seen
    expect(r?.method).toBe('POST')
    expect(r?.url).toBe('/v2/deployments.rollbackDeployment')
    expect(r?.headers.authorization).toBe('Bearer root_abc')
    expect(r?.headers['content-type']).toBe('application/json')
    expect(r?.headers['x-client-name']).toBe('control-client')
    expect(r?.headers['x-client-version']).toMatch(/^\d+\.\d+\.\d+/)
    expect(JSON.parse(r?.body ?? '')).toEqual({ deploymentId: 'd_123' })
  })

  it('calls top-level operations without a namespace (liveness, a GET without body)', async () => {
    srv.reply(json(200, { meta, data: { message: 'OK' } }))
    await expect(client().liveness()).resolves.toEqual({ message: 'OK' })
    expect(srv.seen[0]?.url).toBe('/v2/liveness')
    expect(srv.seen[0]?.method).toBe('GET')
    expect(srv.seen[0]?.body).toBe('')
  })

  it('uses the custom fetch for every call and merges headers', async () => {
    srv.reply(json(200, { meta, data: { id: 'd_1' } }))
    const f = vi.fn((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
    const c = client({ fetch: f as typeof fetch, headers: { 'x-team': 't1' } })
    await c.deployments.getDeployment({ deploymentId: 'd_1' }, { headers: { 'x-call': '1' } })
    expect(f).toHaveBeenCalledTimes(1)
    expect(srv.seen[0]?.headers['x-team']).toBe('t1')
    expect(srv.seen[0]?.headers['x-call']).toBe('1')
  })

  it('exposes the openapi-fetch client as .raw with the same auth', async () => {
    srv.reply(json(200, { meta, data: { id: 'd_1' } }))
    const { data, response } = await client().raw.POST('/v2/deployments.getDeployment', {
      body: { deploymentId: 'd_1' },
    })
    expect(response.status).toBe(200)
    expect(data?.meta.requestId).toBe('req_1')
    expect(srv.seen[0]?.headers.authorization).toBe('Bearer root_abc')
  })

  it('is not a thenable and keeps no state between clients', async () => {
    const a = client()
    expect(await Promise.resolve(a)).toBe(a)
    expect(client().deployments).not.toBe(a.deployments)
    expect(a.deployments).toBe(a.deployments)
  })

  it('paginates list operations along pagination.cursor', async () => {
    srv.reply(
      json(200, {
        meta,
        data: [{ id: 'd_1' }, { id: 'd_2' }],
        pagination: { cursor: 'c1', hasMore: true },
      }),
      json(200, {
        meta,
        data: [{ id: 'd_3' }],
        pagination: { hasMore: false },
      }),
    )
    const ids: string[] = []
    for await (const d of client().deployments.listDeployments.all({
      projectId: 'p_1',
    } as never))
      ids.push(d.id)
    expect(ids).toEqual(['d_1', 'd_2', 'd_3'])
    expect(JSON.parse(srv.seen[1]?.body ?? '')).toMatchObject({ cursor: 'c1' })
  })
})

describe('errors', () => {
  it('throws ControlApiError with the RFC 7807 fields; narrowing on status', async () => {
    const errors = [{ location: 'body.deploymentId', message: 'too short' }]
    srv.reply(json(400, problem(400, { errors })))
    const e = await client()
      .deployments.rollbackDeployment({ deploymentId: 'x' })
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ControlApiError)
    if (!(e instanceof ControlApiError)) throw e
    expect(e).toMatchObject({
      status: 400,
      title: 'T',
      detail: 'D',
      requestId: 'req_1',
      retryable: false,
    })
    expect(e.type).toBe('https://docs/errors/400')
    if (e.is(400)) {
      expectTypeOf(e.errors).toEqualTypeOf<ValidationError[]>()
      expect(e.errors).toEqual(errors)
    } else throw new Error('not narrowed')
    expect(srv.seen).toHaveLength(1)
  })

  it('does not retry 412 and marks 500 retryable', async () => {
    srv.reply(json(412, problem(412)))
    const e = await client()
      .deployments.rollbackDeployment({ deploymentId: 'd_1' })
      .catch((x: ControlApiError) => x)
    expect(e.is(412) && !e.retryable).toBe(true)
    expect(srv.seen).toHaveLength(1)
    srv.reply(json(500, problem(500)))
    const e2 = await client({ retry: false })
      .deployments.getDeployment({ deploymentId: 'd_1' })
      .then(
        () => undefined,
        (x: ControlApiError) => x,
      )
    expect(e2?.retryable).toBe(true)
  })

  it('keeps non-JSON error bodies', async () => {
    srv.reply((_q, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>bad gateway</h1>')
    })
    const e = await client({ retry: false })
      .liveness()
      .then(
        () => undefined,
        (x: ControlApiError) => x,
      )
    expect(e?.status).toBe(502)
    expect(e?.body).toBe('<h1>bad gateway</h1>')
  })

  it('network failures are ControlNetworkError', async () => {
    const c = createControlClient({
      baseUrl: 'http://127.0.0.1:1',
      rootKey: 'k',
      retry: false,
    })
    await expect(c.liveness()).rejects.toBeInstanceOf(ControlNetworkError)
    // The message names the request and the host, and the system's reason.
    await expect(c.liveness()).rejects.toThrow(
      /^GET http:\/\/127\.0\.0\.1:1\/v2\/liveness failed: fetch failed \(.+\)$/,
    )
  })

  it('timeouts are ControlTimeoutError; abort rejects with the reason', async () => {
    srv.reply(() => {})
    await expect(client({ timeoutMs: 50 }).liveness()).rejects.toBeInstanceOf(ControlTimeoutError)
    const ac = new AbortController()
    const p = client().liveness(undefined, { signal: ac.signal })
    await until(() => srv.seen.length === 1, 'request')
    ac.abort(new Error('stop'))
    await expect(p).rejects.toThrow('stop')
  })
})

describe('retries (fake timers)', () => {
  // onRetry runs right before the wait is scheduled: the moment to move the fake clock.
  let waits = 0
  const armed = () => until(() => waits === srv.seen.length, 'retry wait')
  const onRetry = () => {
    waits++
  }
  const client = (o: Partial<Parameters<typeof createControlClient>[0]> = {}) =>
    createControlClient({
      baseUrl: srv.url,
      rootKey: 'root_abc',
      retry: { onRetry },
      ...o,
    })
  const fake = () => {
    waits = 0
    fakeClock()
  }

  it('retries 503 with 2^attempt s + jitter, then succeeds', async () => {
    fake()
    srv.reply(json(503, problem(503)), json(503, problem(503)), json(200, { meta, data: { ok: 1 } }))
    const p = client().liveness()
    await until(() => srv.seen.length === 1, 'request')
    await armed()
    await vi.advanceTimersByTimeAsync(1499)
    expect(srv.seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => srv.seen.length === 2, 'request')
    await armed()
    await vi.advanceTimersByTimeAsync(2499)
    expect(srv.seen).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => srv.seen.length === 3, 'request')
    await expect(p).resolves.toEqual({ ok: 1 })
  })

  it('honours Retry-After on 429 as a minimum wait', async () => {
    fake()
    srv.reply(json(429, problem(429), { 'retry-after': '10' }), json(200, { meta, data: {} }))
    const p = client().liveness()
    await until(() => srv.seen.length === 1, 'request')
    await armed()
    await vi.advanceTimersByTimeAsync(9999)
    expect(srv.seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await until(() => srv.seen.length === 2, 'request')
    await expect(p).resolves.toEqual({})
  })

  it('gives up after 5 attempts with the last error', async () => {
    fake()
    srv.reply(json(500, problem(500)))
    const p = client()
      .liveness()
      .catch((e: unknown) => e)
    for (let i = 1; i < 5; i++) {
      await until(() => srv.seen.length === i, 'request')
      await armed()
      await vi.advanceTimersByTimeAsync(2 ** (i - 1) * 1000 + 500)
    }
    const e = await p
    expect(e).toBeInstanceOf(ControlApiError)
    expect(srv.seen).toHaveLength(5)
  })

  it('is configurable and can be disabled per call', async () => {
    fake()
    srv.reply(json(503, problem(503)))
    const spy = vi.fn(onRetry)
    const p = client({
      retry: { maxAttempts: 2, baseDelayMs: 10, jitterMs: 0, onRetry: spy },
    })
      .liveness()
      .catch((e: unknown) => e)
    await until(() => srv.seen.length === 1, 'request')
    await armed()
    await vi.advanceTimersByTimeAsync(10)
    await until(() => srv.seen.length === 2, 'request')
    expect(await p).toBeInstanceOf(ControlApiError)
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1, delayMs: 10 }))
    srv.reply(json(503, problem(503)))
    await expect(client().liveness(undefined, { retry: false })).rejects.toBeInstanceOf(ControlApiError)
    expect(srv.seen).toHaveLength(1)
  })

  it('aborting during a retry wait stops at once', async () => {
    fake()
    srv.reply(json(503, problem(503)))
    const ac = new AbortController()
    const p = client().liveness(undefined, { signal: ac.signal })
    await until(() => srv.seen.length === 1, 'request')
    ac.abort(new Error('cancelled'))
    await expect(p).rejects.toThrow('cancelled')
  })
})

describe('types', () => {
  it('derives bodies and data from the spec', () => {
    const c = createControlClient({ rootKey: 'k' })
    expectTypeOf(c.deployments.rollbackDeployment).parameter(0).toEqualTypeOf<{ deploymentId: string }>()
    expectTypeOf(c.deployments.getDeployment).returns.resolves.toHaveProperty('id')
    const typeOnly = () => {
      // @ts-expect-error unknown procedure
      c.deployments.nope
      // @ts-expect-error missing body
      c.deployments.rollbackDeployment()
      // @ts-expect-error wrong field type: deploymentId is a string
      c.deployments.rollbackDeployment({ deploymentId: 42 })
    }
    expect(typeof typeOnly).toBe('function')
  })
})

describe('defaults (no options but the base URL)', () => {
  it('retries a 503 with the default policy: 5 attempts, 2^attempt s + jitter', async () => {
    const e = await failureAfterDefaultRetries(srv, json(503, problem(503)), () =>
      createControlClient({ baseUrl: srv.url, rootKey: 'k' }).liveness(),
    )
    expect(e).toBeInstanceOf(ControlApiError)
    expect((e as ControlApiError).status).toBe(503)
  })

  it('has a 60 s default deadline, changeable, 0 for none', async () => {
    const e = await failureAtDeadline(srv, 60_000, () =>
      createControlClient({ baseUrl: srv.url, rootKey: 'k' }).liveness(),
    )
    expect(e).toBeInstanceOf(ControlTimeoutError)
    expect((e as ControlTimeoutError).timeoutMs).toBe(60_000)
    vi.useRealTimers()
    srv.reply(() => {})
    const ac = new AbortController()
    const q = createControlClient({ baseUrl: srv.url, rootKey: 'k', timeoutMs: 0 })
      .liveness(undefined, { signal: ac.signal })
      .catch((x: unknown) => x)
    await until(() => srv.seen.length === 1, 'request')
    ac.abort(new Error('mine'))
    expect(await q).toEqual(new Error('mine'))
  })

  it('answers at once when Retry-After outlasts the deadline', async () => {
    srv.reply(json(429, problem(429), { 'retry-after': '120' }))
    const e = await createControlClient({ baseUrl: srv.url, rootKey: 'k', timeoutMs: 5000 })
      .liveness()
      .catch((x: unknown) => x)
    expect(e).toMatchObject({ status: 429 })
    expect(srv.seen).toHaveLength(1)
  })

  it('reads CONTROL_ROOT_KEY and CONTROL_BASE_URL from the environment; names the variable when absent', async () => {
    vi.stubEnv('CONTROL_ROOT_KEY', 'root_from_env')
    vi.stubEnv('CONTROL_BASE_URL', srv.url)
    srv.reply(json(200, { meta, data: { message: 'OK' } }))
    await createControlClient().liveness()
    expect(srv.seen[0]?.headers.authorization).toBe('Bearer root_from_env')
    vi.stubEnv('CONTROL_ROOT_KEY', '')
    expect(() => createControlClient()).toThrow(/pass \{ rootKey \} or set CONTROL_ROOT_KEY/)
    expect(() => createControlClient({ rootKey: 'given' })).not.toThrow()
  })
})

describe('hooks and responses', () => {
  it('onRequest adds headers; onResponse and onError see every attempt', async () => {
    srv.reply(json(503, problem(503)), json(200, { meta, data: { message: 'OK' } }))
    const log: string[] = []
    const c = client({
      retry: { baseDelayMs: 1, jitterMs: 0 },
      hooks: [
        {
          onRequest: ({ request, attempt }) => {
            request.headers.traceparent = `00-trace-${attempt}`
            log.push(`request ${attempt}`)
          },
          onResponse: async ({ response, attempt }) => {
            log.push(`response ${attempt} ${response.status}`)
          },
          onError: ({ error, willRetry }) => log.push(`error ${error.name} ${willRetry}`),
        },
        { onResponse: () => log.push('second hook') },
      ],
    })
    await c.liveness()
    expect(log).toEqual([
      'request 1',
      'response 1 503',
      'second hook',
      'error ControlApiError true',
      'request 2',
      'response 2 200',
      'second hook',
    ])
    expect(srv.seen.map((s) => s.headers.traceparent)).toEqual(['00-trace-1', '00-trace-2'])
    srv.reply(json(404, problem(404)))
    const errors: boolean[] = []
    await client({ hooks: { onError: (x) => errors.push(x.willRetry) } })
      .liveness()
      .catch(() => {})
    expect(errors).toEqual([false])
  })

  it('a hook that throws fails the call with its error', async () => {
    srv.reply(json(200, { meta, data: {} }))
    const c = client({
      hooks: {
        onRequest: () => {
          throw new Error('no tracing header')
        },
      },
    })
    await expect(c.liveness()).rejects.toThrow('no tracing header')
    expect(srv.seen).toHaveLength(0)
  })

  it('withResponse gives the status, headers and request id beside the data', async () => {
    srv.reply(
      json(200, { meta: { requestId: 'req_meta' }, data: { id: 'd_1' } }, { 'x-request-id': 'req_meta' }),
    )
    const { data, response } = await client().deployments.getDeployment.withResponse({ deploymentId: 'd_1' })
    expect(data.id).toBe('d_1')
    expect(response.status).toBe(200)
    expect(response.requestId).toBe('req_meta')
    expect(response.headers.get('content-type')).toBe('application/json')
    srv.reply(json(200, { meta: {}, data: { message: 'OK' } }, { 'x-request-id': 'req_header' }))
    expect((await client().liveness.withResponse()).response.requestId).toBe('req_header')
  })
})

describe('deployments.waitFor', () => {
  const dep = (status: string, isCurrent = false) =>
    json(200, { meta, data: { id: 'd_1', status, isCurrent } })

  it('polls getDeployment until the deployment settles', async () => {
    srv.reply(dep('pending'), dep('building'), dep('ready'))
    const seen: string[] = []
    const r = await client().deployments.waitFor('d_1', {
      pollIntervalMs: 5,
      onStatus: (d) => seen.push(d.status),
    })
    expect(r.outcome).toBe('ready')
    expect(r.deployment.id).toBe('d_1')
    expect(seen).toEqual(['pending', 'building', 'ready'])
    expect(srv.seen.map((s) => [s.url, JSON.parse(s.body)])).toEqual(
      Array(3).fill(['/v2/deployments.getDeployment', { deploymentId: 'd_1' }]),
    )
  })

  it("until: 'current' waits for the traffic switch of a rollback, or for the target to fail", async () => {
    srv.reply(dep('ready'), dep('ready'), dep('ready', true))
    expect((await client().deployments.waitFor('d_1', { until: 'current', pollIntervalMs: 5 })).outcome).toBe(
      'current',
    )
    expect(srv.seen).toHaveLength(3)
    srv.reply(dep('ready'), dep('stopped'))
    expect((await client().deployments.waitFor('d_1', { until: 'current', pollIntervalMs: 5 })).outcome).toBe(
      'stopped',
    )
    srv.reply(dep('ready'), dep('stopped'))
    const r = await client().deployments.waitFor('d_1', {
      until: (d) => d.status === 'stopped',
      pollIntervalMs: 5,
    })
    expect(r.outcome).toBe('stopped')
  })

  it('times out with ControlTimeoutError; abort rejects with the reason', async () => {
    srv.reply(dep('building'))
    await expect(
      client().deployments.waitFor('d_1', { pollIntervalMs: 5, timeoutMs: 50 }),
    ).rejects.toBeInstanceOf(ControlTimeoutError)
    const ac = new AbortController()
    const p = client().deployments.waitFor('d_1', { pollIntervalMs: 60_000, signal: ac.signal })
    await until(() => srv.seen.length >= 1, 'first read')
    ac.abort(new Error('stop waiting'))
    await expect(p).rejects.toThrow('stop waiting')
  })
})

describe('free-form JSON inputs', () => {
  it('accepts any JSON object where the spec says `type: object`', () => {
    const c = createControlClient({ rootKey: 'k' })
    const typeOnly = () =>
      c.identities.createIdentity({
        externalId: 'user_1',
        meta: { type: 'object', plan: 'pro', nested: { seats: 3 }, tags: ['a'] },
      })
    expect(typeof typeOnly).toBe('function')
  })
})

it('an explicitly empty root key is sent as given (a test may strip the header itself)', async () => {
  vi.stubEnv('CONTROL_ROOT_KEY', 'from_env')
  srv.reply(json(200, { meta, data: { message: 'OK' } }))
  await createControlClient({ baseUrl: srv.url, rootKey: '' }).liveness()
  expect(srv.seen[0]?.headers.authorization).toBe('Bearer')
  vi.unstubAllEnvs()
})
