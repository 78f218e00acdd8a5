import {
  type CallOptions,
  type ClientOptions,
  clientSetup,
  type Reply,
  type ResponseInfo,
  type RetryOptions,
  send,
  sleep,
} from '@apiplatform/client-core'
import createClient, { type Client } from 'openapi-fetch'
import { ControlApiError, ControlNetworkError, ControlTimeoutError } from './errors.js'
import { BASE_URL, GET_OPERATIONS, READ_OPERATIONS, RETRYABLE, VERSION } from './generated/meta.js'
import type { components, operations, paths } from './generated/schema.js'

/** A write sends an `Idempotency-Key`: every call but the reads of the spec (generated). */
const isWrite = (op: string) => !READ_OPERATIONS.has(op)

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
export type OperationFn<K extends OperationId> = ((...args: Args<K>) => Promise<ResponseData<K>>) & {
  /** The same call; resolves with `data` and the response's status, headers and request id. */
  withResponse(...args: Args<K>): Promise<{ data: ResponseData<K>; response: ResponseInfo }>
} & (K extends PaginatedOperationId ? Paginated<K> : unknown)

/** A deployment as `deployments.getDeployment` returns it. */
export type Deployment = components['schemas']['Deployment']
/** A deployment's status. */
export type DeploymentStatus = Deployment['status']

export interface DeploymentWaitOptions {
  /**
   * What to wait for. `'settled'` (default): the deployment stopped moving (`ready`,
   * `awaiting_approval`, `failed`, `skipped`, `stopped`, `superseded`, `cancelled`). `'current'`:
   * it serves the app's live traffic (after a rollback or a promotion), or it can no longer
   * (`failed`, `skipped`, `stopped`, `superseded`, `cancelled`). Or any condition of your own.
   */
  until?: 'settled' | 'current' | ((deployment: Deployment) => boolean)
  /** Delay between reads. Default 2000 ms. */
  pollIntervalMs?: number
  /** Give up (ControlTimeoutError) after this long. Default: wait forever. */
  timeoutMs?: number
  /** Stops polling; the promise rejects with `signal.reason`. */
  signal?: AbortSignal
  /** Called with every read. */
  onStatus?: (deployment: Deployment) => void
}

/** How a wait ended: `'current'` when it serves live traffic (`until: 'current'`), else its status. */
export interface DeploymentWaitResult {
  outcome: 'current' | DeploymentStatus
  deployment: Deployment
}

type Service = OperationId extends infer K ? (K extends `${infer S}.${string}` ? S : K) : never

/** The API-shaped facade: `control.deployments.rollbackDeployment({ deploymentId })`. */
export type ControlFacade = {
  [S in Service]: (S extends OperationId ? OperationFn<S> : unknown) & {
    [K in OperationId as K extends `${S}.${infer P}` ? P : never]: OperationFn<K>
  } & (S extends 'deployments'
      ? {
          /**
           * Polls `getDeployment` until the deployment settles (default) or serves live traffic
           * (`until: 'current'`, after `rollbackDeployment` or `promoteDeployment`).
           */
          waitFor(deploymentId: string, options?: DeploymentWaitOptions): Promise<DeploymentWaitResult>
        }
      : unknown)
}

export interface ControlClientOptions extends ClientOptions {
  /**
   * Default: `CONTROL_BASE_URL` from the environment, else the spec's first server; e.g.
   * `http://127.0.0.1:7100` for the reference service.
   */
  baseUrl?: string
  /** Root key, sent as `Authorization: Bearer <rootKey>`. Default: `CONTROL_ROOT_KEY` from the environment. */
  rootKey?: string
  /** Retry policy for 408, 429 and 5xx, on by default; `false` disables it. */
  retry?: RetryOptions | false
  /** Deadline of every call, retries included, in ms. Default 60 000; `0`: none. */
  timeoutMs?: number
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
export function createControlClient(options: ControlClientOptions = {}): ControlClient {
  const [cfg, rawOptions] = clientSetup(options, {
    name: 'control-client',
    version: VERSION,
    key: 'rootKey',
    keyEnv: 'CONTROL_ROOT_KEY',
    baseUrlEnv: 'CONTROL_BASE_URL',
    baseUrl: BASE_URL,
    timeoutMs: 60_000,
    retryable: RETRYABLE,
    fail: (status, body, h, flag) => new ControlApiError(status, body, h, flag === 1),
    network: (m, cause) => new ControlNetworkError(m, { cause }),
    timeout: (ms) => new ControlTimeoutError(ms),
  })
  const { baseUrl } = rawOptions
  let raw: Client<paths> | undefined

  type Envelope = {
    meta?: { requestId?: string }
    data?: unknown
    pagination?: { cursor?: string; hasMore?: boolean }
  }
  const reply = (op: string, body?: unknown, o?: CallOptions) =>
    (GET_OPERATIONS.has(op)
      ? send(cfg, 'GET', `${baseUrl}/v2/${op}`, undefined, o)
      : send(cfg, 'POST', `${baseUrl}/v2/${op}`, JSON.stringify(body ?? {}), o, isWrite(op))) as Promise<
      Reply & { body?: Envelope }
    >
  const request = (op: string, body?: unknown, o?: CallOptions) => reply(op, body, o).then((r) => r.body)
  const call = (op: string, body?: unknown, o?: CallOptions) => request(op, body, o).then((r) => r?.data)
  const withResponse = (op: string, body?: unknown, o?: CallOptions) =>
    reply(op, body, o).then(({ body: b, status, headers: h }) => ({
      data: b?.data,
      response: { status, headers: h, requestId: b?.meta?.requestId || h.get('x-request-id') || undefined },
    }))
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
      withResponse: (b?: Record<string, unknown>, o?: CallOptions) => withResponse(op, b, o),
    })
  async function waitFor(deploymentId: string, o: DeploymentWaitOptions = {}): Promise<DeploymentWaitResult> {
    const end = o.timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + o.timeoutMs
    const interval = o.pollIntervalMs ?? 2000
    const until = o.until ?? 'settled'
    for (;;) {
      const left = end - Date.now()
      if (left <= 0) throw new ControlTimeoutError(o.timeoutMs as number)
      const timeoutMs = Math.min(left, cfg.timeoutMs || Number.POSITIVE_INFINITY)
      const d = (await call(
        'deployments.getDeployment',
        { deploymentId },
        { signal: o.signal, timeoutMs },
      )) as Deployment
      o.onStatus?.(d)
      const dead = GONE.includes(d.status)
      if (
        until === 'current'
          ? d.isCurrent || dead
          : until === 'settled'
            ? dead || SETTLED.includes(d.status)
            : until(d)
      )
        return { outcome: until === 'current' && d.isCurrent ? 'current' : d.status, deployment: d }
      if (Date.now() + interval >= end) throw new ControlTimeoutError(o.timeoutMs as number)
      await sleep(interval, o.signal)
    }
  }
  const base = {
    get raw() {
      raw ??= createClient<paths>(rawOptions)
      return raw
    },
    call,
    request,
    pages,
    paginate,
  }
  const services: Record<string, unknown> = {}
  const service = (name: string) => {
    const procs: Record<string, unknown> = name === 'deployments' ? { waitFor } : {}
    // Own members (`all`, `withResponse`…) belong to a top-level operation such as `liveness`.
    return new Proxy(opFn(name), {
      get: (t, p) =>
        typeof p === 'symbol' || p === 'then' || Object.hasOwn(t, p)
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

/** Statuses a deployment leaves no more by itself (`stopped` only through `startDeployment`). */
const GONE: string[] = ['failed', 'skipped', 'stopped', 'superseded', 'cancelled']
/** Statuses that wait for someone: built and serving, or built and waiting for approval. */
const SETTLED: string[] = ['ready', 'awaiting_approval']
