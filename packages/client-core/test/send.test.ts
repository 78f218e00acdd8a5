import { describe, expect, it, vi } from 'vitest'
import { fakeClock } from '../src/fake-clock.js'
import { type Config, clientSetup, type RetryOptions, send } from '../src/index.js'
import { faultServerPerTest, json, until } from '../src/testing.js'
import { testKind } from './kind.js'

// send()'s decisions: which failures are retried, how long it waits, when the deadline or the
// caller's signal stops the call. One local server per test (127.0.0.1 only).
const srv = faultServerPerTest()

class StatusError extends Error {
  constructor(
    readonly status: number,
    readonly flag: number,
  ) {
    super(`status ${status}`)
  }
}

const kind = testKind({
  timeoutMs: 0,
  // As generated from the spec: 0 not retryable, 1 retryable, 2 retryable with `retrySometimes`.
  retryable: { 400: 0, 503: 1, 422: 2 },
  fail: (status, _body, _headers, flag) => new StatusError(status, flag),
})
// No waits between attempts unless a test asks for them.
const noWaits: RetryOptions = { baseDelayMs: 0, jitterMs: 0 }
const setup = (retry: RetryOptions | false = noWaits, timeoutMs?: number): Config =>
  clientSetup({ apiKey: 'k', retry, timeoutMs } as never, kind)[0]
const get = (cfg: Config, o?: Parameters<typeof send>[4]) =>
  send(cfg, 'GET', `${srv.url}/v2/things`, undefined, o)

describe('send: which failures are retried', () => {
  it('retries a status the table marks retryable, up to maxAttempts', async () => {
    srv.reply(json(503, {}))
    const error = await get(setup({ ...noWaits, maxAttempts: 3 })).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 503, flag: 1 })
    expect(srv.seen).toHaveLength(3)
  })

  it('returns the first success after retried failures, its body parsed', async () => {
    srv.reply(json(503, {}), json(200, { id: 't_1' }))
    await expect(get(setup())).resolves.toMatchObject({ status: 200, body: { id: 't_1' } })
    expect(srv.seen).toHaveLength(2)
  })

  it('does not retry a status marked not retryable, nor one the table does not list', async () => {
    srv.reply(json(400, {}))
    await expect(get(setup())).rejects.toMatchObject({ status: 400, flag: 0 })
    expect(srv.seen).toHaveLength(1)
    srv.reply(json(418, {}))
    await expect(get(setup())).rejects.toMatchObject({ status: 418, flag: 0 })
    expect(srv.seen).toHaveLength(1)
  })

  it('retries a "sometimes" status only with retrySometimes', async () => {
    srv.reply(json(422, {}))
    await expect(get(setup())).rejects.toMatchObject({ status: 422, flag: 2 })
    expect(srv.seen).toHaveLength(1)
    srv.reply(json(422, {}), json(200, {}))
    await expect(get(setup(), { retry: { retrySometimes: true } })).resolves.toMatchObject({ status: 200 })
    expect(srv.seen).toHaveLength(2)
  })

  it('sends one attempt when retries are off, for the client or for the call', async () => {
    srv.reply(json(503, {}))
    await expect(get(setup(false))).rejects.toMatchObject({ status: 503 })
    expect(srv.seen).toHaveLength(1)
    srv.reply(json(503, {}))
    await expect(get(setup(), { retry: false })).rejects.toMatchObject({ status: 503 })
    expect(srv.seen).toHaveLength(1)
  })

  it('retries a request that got no response, unless retryNetworkErrors is false', async () => {
    let calls = 0
    const transport = async () => {
      calls++
      throw new TypeError('fetch failed')
    }
    const cfg = { ...setup({ ...noWaits, maxAttempts: 2 }), transport }
    await expect(get(cfg)).rejects.toThrow(/^network: GET .* failed: fetch failed$/)
    expect(calls).toBe(2)
    calls = 0
    await expect(get(cfg, { retry: { retryNetworkErrors: false } })).rejects.toThrow(/^network:/)
    expect(calls).toBe(1)
  })

  it('tells hooks and onRetry what comes next', async () => {
    srv.reply(json(503, {}))
    const onError = vi.fn()
    const onRetry = vi.fn()
    const cfg = { ...setup({ ...noWaits, maxAttempts: 2, onRetry }), hooks: [{ onError }] }
    await expect(get(cfg)).rejects.toMatchObject({ status: 503 })
    expect(onError.mock.calls.map(([c]) => [c.attempt, c.willRetry])).toEqual([
      [1, true],
      [2, false],
    ])
    expect(onRetry).toHaveBeenCalledOnce()
    expect(onRetry.mock.calls[0]?.[0]).toMatchObject({ attempt: 1, delayMs: 0 })
  })
})

describe('send: waits', () => {
  it('waits base * 2^(attempt-1) plus jitter, capped at maxDelayMs', async () => {
    srv.reply(json(503, {}))
    const delays: number[] = []
    vi.spyOn(Math, 'random').mockReturnValue(0.5)
    const cfg = setup({
      maxAttempts: 4,
      baseDelayMs: 10,
      maxDelayMs: 30,
      jitterMs: 2,
      onRetry: ({ delayMs }) => delays.push(delayMs),
    })
    await expect(get(cfg)).rejects.toMatchObject({ status: 503 })
    expect(delays).toEqual([11, 21, 31])
  })

  it('waits at least Retry-After', async () => {
    fakeClock()
    srv.reply(json(503, {}, { 'retry-after': '2' }), json(200, {}))
    const call = get(setup())
    await until(() => srv.seen.length === 1, 'first attempt')
    await until(() => vi.getTimerCount() === 1, 'retry wait')
    await vi.advanceTimersByTimeAsync(1999)
    expect(srv.seen).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(call).resolves.toMatchObject({ status: 200 })
    expect(srv.seen).toHaveLength(2)
  })
})

describe('send: deadline and abort', () => {
  it('fails with the timeout error when the deadline passes during an attempt', async () => {
    srv.reply(() => {})
    await expect(get(setup(noWaits, 50))).rejects.toThrow('timeout 50')
    expect(srv.seen).toHaveLength(1)
  })

  it('answers the failure now when the next wait would outlast the deadline', async () => {
    srv.reply(json(503, {}, { 'retry-after': '60' }))
    const onRetry = vi.fn()
    await expect(get(setup({ ...noWaits, onRetry }, 10_000))).rejects.toMatchObject({ status: 503 })
    expect(srv.seen).toHaveLength(1)
    expect(onRetry).not.toHaveBeenCalled()
  })

  it('takes a call option of 0 or Infinity as no deadline', async () => {
    srv.reply(json(200, {}))
    await expect(get(setup(noWaits, 1), { timeoutMs: 0 })).resolves.toMatchObject({ status: 200 })
    await expect(get(setup(noWaits, 1), { timeoutMs: Number.POSITIVE_INFINITY })).resolves.toMatchObject({
      status: 200,
    })
  })

  it('rejects with the caller’s abort reason and does not retry', async () => {
    srv.reply(() => {})
    const controller = new AbortController()
    const call = get(setup(noWaits, 10_000), { signal: controller.signal })
    await until(() => srv.seen.length === 1, 'request')
    const reason = new Error('caller gave up')
    controller.abort(reason)
    await expect(call).rejects.toBe(reason)
    expect(srv.seen).toHaveLength(1)
  })

  it('rejects before sending when the caller’s signal is already aborted', async () => {
    const reason = new Error('already')
    await expect(get(setup(), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
    expect(srv.seen).toHaveLength(0)
  })
})
