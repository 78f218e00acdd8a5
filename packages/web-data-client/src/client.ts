import {
  type ClientOptions,
  clientSetup,
  type Reply,
  type RetryOptions,
  send,
  sleep,
} from '@apiplatform/client-core'
import createClient, { type Client } from 'openapi-fetch'
import { WebDataApiError, WebDataNetworkError, WebDataTimeoutError } from './errors.js'
import type { Facade } from './generated/facade.js'
import { BASE_URL, OPS, RETRYABLE, type Row, VERSION } from './generated/ops.js'
import type { paths } from './generated/schema.js'
import type { TraceOptions, WaitOptions, WebDataCallOptions } from './types.js'

export interface WebDataClientOptions extends ClientOptions {
  /**
   * Default: `WEB_DATA_BASE_URL` from the environment, else the spec's first server; e.g.
   * `http://127.0.0.1:7200` for the reference service.
   */
  baseUrl?: string
  /** API key, sent as `Authorization: Bearer <apiKey>`. Default: `WEB_DATA_API_KEY` from the environment. */
  apiKey?: string
  /** Retry policy of the API's error catalog, on by default; `false` disables it. */
  retry?: RetryOptions | false
  /** Deadline of every call, retries included, in ms. Default 300 000 (a scrape may take minutes); `0`: none. */
  timeoutMs?: number
}

export interface WebDataClientBase {
  /** The underlying openapi-fetch client (same base URL and headers; no retries or timeouts). */
  readonly raw: Client<paths>
}

/** The client: every operation of the spec under `client.<group>.<name>`, plus `raw`. */
export type WebDataClient = WebDataClientBase & Facade

type Args = unknown[]
type Json = Record<string, unknown> | undefined
type Page = Record<string, unknown> | undefined
type Sent = Reply & { body?: Page }
type Read = (id: string, query: Json, o: WebDataCallOptions) => Promise<Page>
const TERMINAL = new Set(['completed', 'failed', 'cancelled'])

/**
 * Creates a client of the Web-Data API v2.
 *
 * ```ts
 * const web = createWebDataClient({ apiKey: process.env.WEB_DATA_API_KEY! })
 * const page = await web.scrape({ url: 'https://example.com' })
 * const run = await web.agent.start({ prompt: '…' })
 * const end = await web.agent.waitFor(run.id)
 * ```
 */
export function createWebDataClient(options: WebDataClientOptions = {}): WebDataClient {
  const [base, rawOptions] = clientSetup(options, {
    name: 'web-data-client',
    version: VERSION,
    key: 'apiKey',
    keyEnv: 'WEB_DATA_API_KEY',
    baseUrlEnv: 'WEB_DATA_BASE_URL',
    baseUrl: BASE_URL,
    timeoutMs: 300_000,
    retryable: RETRYABLE,
    fail: (status, body, h, flag) => new WebDataApiError(status, body, h, flag),
    network: (m, cause) => new WebDataNetworkError(m, { cause }),
    timeout: (ms) => new WebDataTimeoutError(ms),
  })
  const { baseUrl } = rawOptions
  const origin = new URL(baseUrl).origin

  /** Sends one operation: path parameters, body or query, options. */
  const invoke = (row: Row, path: Args, data: unknown, o: WebDataCallOptions | undefined) =>
    sent(row, path, data, o).then((r) => r.body)
  const sent = (row: Row, path: Args, data: unknown, o: WebDataCallOptions | undefined) => {
    const [, , method, tpl, input, , over] = row
    const cfg = over ? { ...base, retryable: { ...RETRYABLE, ...over } } : base
    let i = 0
    const url = baseUrl + tpl.replace(/\{\w+\}/g, () => encodeURIComponent(String(path[i++])))
    const q = input === 3 ? (data as Json) : o?.query
    const body = input === 1 ? JSON.stringify(data ?? {}) : input === 2 ? (data as FormData) : undefined
    // Every method but GET changes something: one Idempotency-Key per call, the same on retries.
    return send(cfg, method, url + qs(q), body, o, method !== 'GET') as Promise<Sent>
  }
  /** Facade arguments → invoke: `(...pathParams, bodyOrQuery?, options?)`. */
  const bind = (row: Row) => {
    const n = (row[3].match(/\{/g) ?? []).length
    return (args: Args) =>
      [
        args.slice(0, n),
        row[4] ? args[n] : undefined,
        args[row[4] ? n + 1 : n] as WebDataCallOptions,
      ] as const
  }

  async function* pages(row: Row, path: Args, data: unknown, o: WebDataCallOptions | undefined) {
    let page = await invoke(row, path, data, o)
    for (;;) {
      yield page
      const next = page?.next
      if (typeof next !== 'string' || !next) return
      // Never send the key to another host: follow the link's path on our base URL.
      const u = new URL(next, baseUrl)
      const url = u.origin === origin ? u.href : origin + u.pathname + u.search
      page = ((await send(base, 'GET', url, undefined, o)) as Sent).body
    }
  }

  const groups: Record<string, Record<string, unknown>> = {}
  const read: Record<string, Read> = {}
  for (const row of OPS) {
    const split = bind(row)
    const fn = Object.assign((...args: Args) => invoke(row, ...split(args)), {
      withResponse: (...args: Args) =>
        sent(row, ...split(args)).then(({ body, status, headers: h }) => ({
          data: body,
          response: { status, headers: h, requestId: h.get('x-request-id') ?? undefined },
        })),
    })
    if (row[5]) {
      const key = row[5] as string
      Object.assign(fn, {
        pages: (...a: Args) => pages(row, ...split(a)),
        all: async function* (...a: Args) {
          for await (const page of pages(row, ...split(a))) yield* (page?.[key] as unknown[]) ?? []
        },
      })
    }
    const g = row[0]
    const existing = groups[g] ?? {}
    groups[g] = row[1] ? Object.assign(existing, { [row[1]]: fn }) : Object.assign(fn, existing)
    if (row[1] === 'get' || row[1] === 'trace') {
      read[`${g}.${row[1]}`] = (id, q, o) => invoke(row, [id], row[4] === 3 ? q : undefined, o)
    }
  }
  for (const [g, ops] of Object.entries(groups)) {
    const get = read[`${g}.get`]
    const trace = read[`${g}.trace`]
    if (get) ops.waitFor = (id: string, o?: WaitOptions) => waitFor(get, trace, id, o)
    if (trace) ops.events = (id: string, o?: TraceOptions) => events(trace, id, o)
  }

  const client = groups as unknown as WebDataClient & { raw?: Client<paths> }
  let raw: Client<paths> | undefined
  Object.defineProperty(client, 'raw', {
    get: () => {
      raw ??= createClient<paths>(rawOptions)
      return raw
    },
  })
  return client
}

async function waitFor(get: Read, trace: Read | undefined, id: string, o: WaitOptions = {}) {
  const end = o.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + o.timeoutMs
  const interval = o.pollIntervalMs ?? 2000
  const signal = o.signal
  for (;;) {
    const left = end - Date.now()
    // A call's timeoutMs of 0 means no deadline: an elapsed wait must not get there.
    if (left <= 0) throw new WebDataTimeoutError(o.timeoutMs as number)
    const opts = { signal, timeoutMs: Number.isFinite(left) ? left : undefined }
    const job = (await get(id, undefined, opts)) ?? {}
    o.onStatus?.(job)
    const status = String(job.status)
    if (TERMINAL.has(status)) {
      if (status === 'completed') return { outcome: 'completed', job }
      const error = typeof job.error === 'string' ? job.error : undefined
      let outcome = status
      let code: string | undefined
      if (trace && status === 'failed') {
        // The trace says why a run failed: run.finished carries the outcome and the error code.
        const t = await trace(id, undefined, opts).catch(() => undefined)
        const fin = (
          t?.events as { type?: string; outcome?: string; error?: { code?: string } }[] | undefined
        )?.find((e) => e.type === 'run.finished')
        code = fin?.error?.code
        const r = fin?.outcome ?? code
        if (r === 'credit_limit_reached' || r === 'cancelled') outcome = r
        else if (!fin && error)
          outcome = /credit/i.test(error)
            ? 'credit_limit_reached'
            : /cancel/i.test(error)
              ? 'cancelled'
              : status
      }
      return { outcome, job, error, code }
    }
    if (Date.now() + interval >= end) throw new WebDataTimeoutError(o.timeoutMs as number)
    await sleep(interval, signal)
  }
}

async function* events(trace: Read, id: string, o: TraceOptions = {}) {
  let last = -1
  for (;;) {
    const t = await trace(id, o.query, { signal: o.signal })
    let done = false
    for (const e of (t?.events as { producerSequence: number; type: string }[]) ?? []) {
      if (e.type === 'run.finished') done = true
      if (e.producerSequence > last) {
        last = e.producerSequence
        yield e
      }
    }
    if (!o.follow || done) return
    await sleep(o.pollIntervalMs ?? 2000, o.signal)
  }
}

function qs(q: Json): string {
  if (!q) return ''
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null) continue
    for (const x of Array.isArray(v) ? v : [v]) p.append(k, String(x))
  }
  const s = p.toString()
  return s ? `?${s}` : ''
}
