import type { CallOptions, ResponseInfo } from '@apiplatform/client-core'
import type { operations } from './generated/schema.js'

type Ops = operations
/** Every operationId of the spec. */
export type OperationId = keyof Ops & string
type Content<T> = T extends { content: infer C } ? C : never
type JsonOf<T> =
  Content<T> extends { 'application/json': infer B } ? B : Content<T> extends object ? FormData : never

/** Request body of an operation (JSON, or FormData for uploads). */
export type RequestBody<K extends OperationId> = Ops[K] extends { requestBody: infer R } ? JsonOf<R> : never
/** Query parameters of an operation. */
export type Query<K extends OperationId> = Ops[K]['parameters'] extends { query?: infer Q } ? Q : never
/** Type of a path parameter. */
export type PathParam<K extends OperationId, P extends string> = Ops[K]['parameters'] extends {
  path: infer PP
}
  ? P extends keyof PP
    ? PP[P]
    : string
  : string
type Res<K extends OperationId> = Ops[K]['responses']
/** Success body of an operation. */
export type ResponseBody<K extends OperationId> = JsonOf<Res<K>[Extract<keyof Res<K>, 200 | 201 | 202 | 204>]>

/** Per-call options; `query` carries query parameters of operations that also take a body. */
export interface WebDataCallOptions extends CallOptions {
  query?: Record<string, unknown>
}

type Input<K extends OperationId> = [RequestBody<K>] extends [never]
  ? [Query<K>] extends [never]
    ? [options?: WebDataCallOptions]
    : Ops[K]['parameters'] extends { query: unknown }
      ? [query: Query<K>, options?: WebDataCallOptions]
      : [query?: Query<K>, options?: WebDataCallOptions]
  : Ops[K] extends { requestBody: unknown }
    ? [body: RequestBody<K>, options?: WebDataCallOptions]
    : [body?: RequestBody<K>, options?: WebDataCallOptions]

/** A facade call: path parameters first (in path order), then the body or the query, then options. */
export type Op<K extends OperationId, P extends unknown[]> = ((
  ...args: [...P, ...Input<K>]
) => Promise<ResponseBody<K>>) & {
  /** The same call; resolves with the body and the response's status, headers and request id. */
  withResponse(...args: [...P, ...Input<K>]): Promise<{ data: ResponseBody<K>; response: ResponseInfo }>
}

type Item<K extends OperationId, Key extends string> =
  ResponseBody<K> extends { [k in Key]?: infer A } ? (A extends readonly (infer I)[] ? I : never) : never
/** Iteration along the `next` links of a paged operation. */
export interface Paged<K extends OperationId, P extends unknown[], Key extends string> {
  /** Every item of `${Key}` of every page. */
  all(...args: [...P, ...Input<K>]): AsyncIterableIterator<Item<K, Key>>
  /** Every page, following `next` until it is absent. */
  pages(...args: [...P, ...Input<K>]): AsyncIterableIterator<ResponseBody<K>>
}

/** Trace error codes of the API (`error.code` of trace events). */
export type TraceErrorCode = 'cancelled' | 'credit_limit_reached' | 'parent_finished' | 'refused' | 'internal'

/** How a job ended, as seen by `waitFor`. */
export type WaitOutcome<K extends OperationId> =
  | { outcome: 'completed'; job: ResponseBody<K> }
  | {
      outcome: 'failed' | 'cancelled' | 'credit_limit_reached'
      job: ResponseBody<K>
      /** The status endpoint's `error` message, when given. */
      error?: string
      /** Trace error code (agent runs). */
      code?: TraceErrorCode | (string & {})
    }

export interface WaitOptions {
  /** Delay between status reads. Default 2000 ms. */
  pollIntervalMs?: number
  /** Give up (WebDataTimeoutError) after this long. Default: wait forever. */
  timeoutMs?: number
  /** Stops polling; the promise rejects with `signal.reason`. */
  signal?: AbortSignal
  /** Called with every status read. */
  onStatus?: (job: unknown) => void
}

/** `waitFor(id, options)`: polls the status operation until the job is terminal. */
export type WaitFor<K extends OperationId> = (id: string, options?: WaitOptions) => Promise<WaitOutcome<K>>

type EventOf<K extends OperationId> = ResponseBody<K> extends { events: readonly (infer E)[] } ? E : never
export interface TraceOptions {
  /** Keep reading until `run.finished`. Default false: one read. */
  follow?: boolean
  /** Delay between reads when following. Default 2000 ms. */
  pollIntervalMs?: number
  signal?: AbortSignal
  /** Query of the trace operation (e.g. `{ liveView: true }`). */
  query?: Record<string, unknown>
}
/** `events(jobId, options)`: trace events in `producerSequence` order, each once. */
export type TraceEvents<K extends OperationId> = (
  id: string,
  options?: TraceOptions,
) => AsyncIterableIterator<EventOf<K>>
