/**
 * The test controls as another team uses them: `startControlService({ testControls })`, the real
 * client (retries on), every response validated against the bundled spec, injected faults too.
 */
import { validatingFetch } from '@apiplatform/contract'
import { type ControlClient, createControlClient } from '@apiplatform/control-client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ControlService, startControlService } from './index.js'
import { validator } from './testing/harness.js'

const TOKEN = 'tc_control_test_token'
let service: ControlService
let control: ControlClient
const controls = () => service.controls as NonNullable<ControlService['controls']>
const retries: number[] = []

beforeAll(async () => {
  service = await startControlService({ testControls: { httpToken: TOKEN } })
  control = createControlClient({
    baseUrl: service.url,
    rootKey: service.rootKey,
    fetch: validatingFetch(validator),
    // The default policy, with short waits: the test is about whether it retries, not how long.
    retry: { baseDelayMs: 5, maxDelayMs: 20, onRetry: ({ attempt }) => void retries.push(attempt) },
  })
})
afterAll(() => service?.stop())
beforeEach(async () => {
  await controls().reset()
  retries.length = 0
})

describe('control test controls', () => {
  it('a 503 injected once: the client retries and succeeds on the second attempt; the fault body is the API error', async () => {
    const { apiId } = await control.apis.createApi({ name: 'faults' })
    controls().fault({ operationId: 'keys.createKey', status: 503, times: 1 })
    const created = await control.keys.createKey({ apiId, name: 'after-a-503' })
    expect(created.keyId).toMatch(/./)
    expect(retries).toEqual([1])
    const calls = controls().journal({ operationId: 'keys.createKey' })
    expect(calls.map((c) => [c.status, c.faultRule !== undefined])).toEqual([
      [503, true],
      [200, false],
    ])
    expect(calls[0]?.requestBody).toEqual({ apiId, name: 'after-a-503' })
    expect(calls[0]?.requestId).toMatch(/^req_/)
    expect(calls[1]?.requestId).toMatch(/^req_/)

    // Without retries the fault reaches the caller as the API's own error (validated by the fetch).
    controls().fault({ operationId: 'apis.getApi', status: 429, times: 1 })
    const raw = await fetch(`${service.url}/v2/apis.getApi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.rootKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ apiId }),
    })
    expect(raw.status).toBe(429)
    // Checked here, not only by the client's fetch: a body off the spec must fail this test, not be retried.
    for (const [operationId, status] of [
      ['keys.createKey', 503],
      ['apis.getApi', 500],
    ] as const) {
      controls().fault({ operationId, status, times: 1 })
      const answer = await fetch(`${service.url}/v2/${operationId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.rootKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ apiId }),
      })
      const body = await answer.json()
      expect(answer.status).toBe(status)
      validator.assertValid({
        method: 'POST',
        path: `/v2/${operationId}`,
        status,
        contentType: answer.headers.get('content-type'),
        body,
      })
    }
    expect(raw.headers.get('content-type')).toBe('application/problem+json')
    expect(await raw.json()).toMatchObject({
      meta: { requestId: raw.headers.get('x-request-id') },
      error: { status: 429 },
    })
  })

  it('latency: the matching call answers late, the others at once', async () => {
    controls().latency({ operationId: 'apis.createApi', delayMs: 400, times: 1 })
    const started = performance.now()
    await control.apis.createApi({ name: 'slow' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(390)
    expect(controls().journal({ operationId: 'apis.createApi' })[0]).toMatchObject({
      delayedMs: 400,
      status: 200,
    })
  })

  it('reset: a key created in a test is gone, the seeded data is back, the journal and rules are empty', async () => {
    const { apiId } = await control.apis.createApi({ name: 'temporary' })
    const { keyId } = await control.keys.createKey({ apiId, name: 'temporary' })
    controls().fault({ operationId: 'apis.listApis', status: 500 })
    await controls().reset()
    expect(controls().journal()).toEqual([])
    expect(controls().rules()).toEqual([])
    await expect(control.keys.getKey({ keyId })).rejects.toMatchObject({ status: 404 })
    await expect(control.apis.getApi({ apiId })).rejects.toMatchObject({ status: 404 })
    // The root key and the demo workspace survive: this call is authenticated and finds the seeded app.
    const list = await control.deployments.listDeployments({})
    expect(list.length).toBeGreaterThan(0)
  })

  it('the clock: a rate-limit window passes and a key with `expires` expires, without waiting', async () => {
    const namespace = 'clocked'
    const limit = () =>
      control.ratelimit.limit({ namespace, identifier: 'user_1', limit: 2, duration: 60_000 })
    expect((await limit()).success).toBe(true)
    expect((await limit()).success).toBe(true)
    expect((await limit()).success).toBe(false)
    await controls().advanceClock(61_000)
    expect((await limit()).success).toBe(true)

    const { apiId } = await control.apis.createApi({ name: 'expiring' })
    const { key } = await control.keys.createKey({ apiId, expires: controls().now() + 3_600_000 })
    expect((await control.keys.verifyKey({ key })).valid).toBe(true)
    await controls().advanceClock(3_601_000)
    expect(await control.keys.verifyKey({ key })).toMatchObject({ valid: false, code: 'EXPIRED' })
  })

  it('over HTTP with its own token; the API key opens nothing there', async () => {
    const at = (path: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${service.url}/__controls${path}`, {
        ...init,
        headers: { authorization: `Bearer ${init.token ?? TOKEN}`, 'content-type': 'application/json' },
      })
    expect((await at('/journal', { token: service.rootKey })).status).toBe(401)
    expect(
      (
        await at('/faults', {
          method: 'POST',
          body: JSON.stringify({ operationId: 'apis.createApi', status: 503, times: 1 }),
        })
      ).status,
    ).toBe(201)
    await control.apis.createApi({ name: 'over-http' })
    const journal = (await (await at('/journal?operationId=apis.createApi')).json()) as {
      entries: { status: number }[]
    }
    expect(journal.entries.map((e) => e.status)).toEqual([503, 200])
    expect((await at('/clock/advance', { method: 'POST', body: '{"ms":1000}' })).status).toBe(200)
    expect((await at('/reset', { method: 'POST' })).status).toBe(204)
  })
})

describe('control without test controls', () => {
  it('has no controls, and /__controls is the API 404', async () => {
    const plain = await startControlService()
    try {
      expect(plain.controls).toBeUndefined()
      const response = await fetch(`${plain.url}/__controls/journal`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: { status: 404 } })
    } finally {
      await plain.stop()
    }
  })
})
