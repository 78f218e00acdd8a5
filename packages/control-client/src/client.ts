import {
  type CallOptions,
  type Config,
  fetchTransport,
  type RetryOptions,
  send,
  type Transport,
} from '@apiplatform/client-core'
import createClient, { type Client } from 'openapi-fetch'
import { ControlApiError, ControlNetworkError, ControlTimeoutError } from './errors.js'
import { BASE_URL, RETRYABLE, VERSION } from './generated/meta.js'
import type { operations, paths } from './generated/schema.js'

type Ops = operations
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never

/** Every `{service}.{procedure}` of the spec (and `liveness`). */
export type OperationId = keyof Ops & string
/** JSON request body of an operation (`undefined` when it takes none). */
export type RequestBody<K extends OperationId> = Ops[K] extends {
  requestBody: infer R
}
  ? Json<R>
  : Ops[K] extends { requestBody?: infer R }
    ? Json<NonNullable<R>> | undefined
    : undefined
type Res<K extends OperationId> = Ops[K]['responses']
/** Success envelope (`{meta, data, pagination?}`) of an operation. */
export type ResponseBody<K extends OperationId> = Json<Res<K>[Extract<keyof Res<K>, 200 | 201 | 202 | 204>]>
/** `data` of the success envelope: what a facade call resolves with. */
export type ResponseData<K extends OperationId> = ResponseBody<K> extends { data: infer D } ? D : never
/** Operations answering with the paginated envelope. */
export type PaginatedOperationId = {
  [K in OperationId]: ResponseBody<K> extends { pagination: unknown } ? K : never
}[OperationId]
type Item<K extends OperationId> = ResponseData<K> extends readonly (infer I)[] ? I : never

type Args<K extends OperationId> =
  undefined extends RequestBody<K>
    ? [body?: RequestBody<K>, options?: CallOptions]
    : [body: RequestBody<K>, options?: CallOptions]

/** Iteration helpers of a list operation. */
export interface Paginated<K extends OperationId> {
  /** Every item of every page, following `pagination.cursor` while `hasMore`. */
  all(...args: Args<K>): AsyncIterableIterator<Item<K>>
  /** Every page (whole envelopes). */
  pages(...args: Args<K>): AsyncIterableIterator<ResponseBody<K>>
}

/** A facade call: sends the body, resolves with `data`. */
export type OperationFn<K extends OperationId> = ((...args: Args<K>) => Promise<ResponseData<K>>) &
  (K extends PaginatedOperationId ? Paginated<K> : unknown)

type Service = OperationId extends infer K ? (K extends `${infer S}.${string}` ? S : K) : never

/** The API-shaped facade: `control.deployments.rollbackDeployment({ deploymentId })`. */
export type ControlFacade = {
  [S in Service]: (S extends OperationId ? OperationFn<S> : unknown) & {
    [K in OperationId as K extends `${S}.${infer P}` ? P : never]: OperationFn<K>
  }
}

export interface ControlClientOptions {
  /** Default: the spec's first server; e.g. `http://127.0.0.1:7100` for the reference service. */
  baseUrl?: string
  /** Root key, sent as `Authorization: Bearer <rootKey>`. */
  rootKey: string
  /** A standard `fetch` (default `globalThis.fetch`), e.g. one that validates every response. */
  fetch?: typeof fetch
  /** Lower-level sender; takes precedence over `fetch` for facade calls (see `/node`). */
  transport?: Transport
  /** Retry policy for 429 and 5xx; `false` disables it. */
  retry?: RetryOptions | false
  /** Default deadline of every call, in ms (none by default). */
  timeoutMs?: number
  /** Headers added to every request. */
  headers?: Record<string, string>
}

export interface ControlClientBase {
  /** The underlying openapi-fetch client (same base URL and headers; no retries or timeouts). */
  readonly raw: Client<paths>
  /** Calls an operation by id; resolves with `data`. */
  call<K extends OperationId>(operationId: K, ...args: Args<K>): Promise<ResponseData<K>>
  /** Calls an operation by id; resolves with the whole success envelope (`meta`, `pagination`). */
  request<K extends OperationId>(operationId: K, ...args: Args<K>): Promise<ResponseBody<K>>
  /** Pages of a list operation. */
  pages<K extends PaginatedOperationId>(
    operationId: K,
    ...args: Args<K>
  ): AsyncIterableIterator<ResponseBody<K>>
  /** Items of every page of a list operation. */
  paginate<K extends PaginatedOperationId>(operationId: K, ...args: Args<K>): AsyncIterableIterator<Item<K>>
}

export type ControlClient = ControlClientBase & ControlFacade

function memo<T>(m: Record<string, T>, k: string, make: () => T): T {
  let v = m[k]
  if (v === undefined) {
    v = make()
    m[k] = v
  }
  return v
}

/**
 * Creates a client of the Deployment Control API v2.
 *
 * ```ts
 * const control = createControlClient({ rootKey: process.env.ROOT_KEY! })
 * await control.deployments.rollbackDeployment({ deploymentId: 'd_123' })
 * ```
 */
export function createControlClient(options: ControlClientOptions): ControlClient {
  const baseUrl = (options.baseUrl ?? BASE_URL).replace(/\/+$/, '')
  const f = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-client-name': 'control-client',
    'x-client-version': VERSION,
    ...options.headers,
    authorization: `Bearer ${options.rootKey}`,
  }
  const cfg: Config = {
    transport: options.transport ?? fetchTransport(f),
    headers,
    timeoutMs: options.timeoutMs,
    retry: options.retry,
    retryable: (s) => RETRYABLE[s] ?? 0,
    fail: (status, body, h, flag) => new ControlApiError(status, body, h, flag === 1),
    network: (m, cause) => new ControlNetworkError(m, { cause }),
    timeout: (ms) => new ControlTimeoutError(ms),
  }
  let raw: Client<paths> | undefined

  const request = (op: string, body?: unknown, o?: CallOptions) =>
    send(cfg, 'POST', `${baseUrl}/v2/${op}`, JSON.stringify(body ?? {}), o) as Promise<
      { data?: unknown; pagination?: { cursor?: string; hasMore?: boolean } } | undefined
    >
  const call = (op: string, body?: unknown, o?: CallOptions) => request(op, body, o).then((r) => r?.data)
  async function* pages(op: string, body?: Record<string, unknown>, o?: CallOptions) {
    let b = body
    for (;;) {
      const page = await request(op, b, o)
      yield page
      const p = page?.pagination
      if (!p?.hasMore || !p.cursor) return
      b = { ...b, cursor: p.cursor }
    }
  }
  async function* paginate(op: string, body?: Record<string, unknown>, o?: CallOptions) {
    for await (const page of pages(op, body, o)) yield* (page?.data as unknown[]) ?? []
  }
  const opFn = (op: string) =>
    Object.assign((b?: Record<string, unknown>, o?: CallOptions) => call(op, b, o), {
      all: (b?: Record<string, unknown>, o?: CallOptions) => paginate(op, b, o),
      pages: (b?: Record<string, unknown>, o?: CallOptions) => pages(op, b, o),
    })
  const base = {
    get raw() {
      // openapi-fetch picks the content type per body (JSON, or multipart with its boundary).
      raw ??= createClient<paths>({ baseUrl, fetch: f, headers: withoutContentType(headers) })
      return raw
    },
    call,
    request,
    pages,
    paginate,
  }
  const services: Record<string, unknown> = {}
  const service = (name: string) => {
    const procs: Record<string, unknown> = {}
    return new Proxy(opFn(name), {
      get: (t, p) =>
        typeof p === 'symbol' || p === 'then'
          ? Reflect.get(t, p)
          : memo(procs, p, () => opFn(`${name}.${p}`)),
    })
  }
  return new Proxy(base, {
    get: (t, p) =>
      typeof p === 'symbol' || p === 'then' || p in t
        ? Reflect.get(t, p)
        : memo(services, p, () => service(p)),
  }) as unknown as ControlClient
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _json, ...rest } = headers
  return rest
}
