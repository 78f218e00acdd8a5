import type { OpenApiDocument } from '../spec.js'
import type { Invariant } from './concurrency/rules.js'
import type { ListCounts } from './lists.js'
import type { FuzzOperation } from './operations.js'
import type { FuzzRequest, RequestKind } from './request.js'
import type { Answer } from './send.js'

export type FindingClass =
  /** A 5xx answer (other than one `environmentError` allows). */
  | 'server-error'
  /** A status the spec does not document for the operation. */
  | 'undocumented-status'
  /** A body (or content type) the spec does not document for that status. */
  | 'invalid-body'
  /** A request that breaks the spec was answered 2xx. */
  | 'accepted-invalid'
  /** A malformed, unknown or missing credential was not answered 401. */
  | 'auth-not-401'
  /** A valid credential in an RFC 7235 form (`bearer`, several spaces) was refused. */
  | 'auth-refused'
  /** An unknown route or method answered other than 404/405 in the API's error format. */
  | 'unknown-route'
  /** No answer within the timeout. */
  | 'hang'
  /** The connection closed without an answer. */
  | 'no-answer'
  /** The liveness probe did not answer (the service is wedged). */
  | 'liveness'
  /** A list changed during the invalid-only phase (an invalid request wrote something). */
  | 'list-count'
  /** An answer body carries a stack frame or a file path of the service. */
  | 'leak'
  /** A path parameter of dot segments (`..`, `%2e%2e`, `.`) not answered 404. */
  | 'dot-segment'
  /** Calls in parallel on one resource broke an invariant (a delete succeeded twice…). */
  | 'invariant'

/** One failure class: requests of one kind answered the same wrong way, by operation. */
export type Phase = 'warm-up' | 'invalid' | 'valid' | 'concurrency'

export interface Finding {
  class: FindingClass
  kind: RequestKind | 'probe' | 'concurrent'
  status?: number
  /** The first operation seen failing (the one of `request`). */
  operation: string
  /** Every operation seen failing this way, with how many requests. */
  operations: Record<string, number>
  message: string
  /** How many requests fell in this class. */
  count: number
  /** The smallest request found that still fails this way. */
  request?: FuzzRequest
  /** `--seed`, phase and index that regenerate the original request. */
  origin?: { phase: Phase; index: number }
}

/** A request of a known failure's probe (JSON body unless `raw`). */
export interface ProbeRequest {
  method?: string
  path: string
  body?: unknown
  /** The body as raw text (sent as is). */
  raw?: string
  contentType?: string | null
  /** `valid` (default): the run's credential; `null`: none; a string: the header (`{key}` is the credential). */
  authorization?: 'valid' | null | string
  kind?: RequestKind
  /** Whether the request breaks the spec (default: unless `kind` is `valid`). */
  invalid?: boolean
}

/**
 * A failure class a service is known to have while its fix is under way. Its findings are reported
 * apart (`report.known`), and its probe is sent after the run: once the probe no longer fails this
 * way the entry is reported in `report.fixed`, so that the list only shrinks.
 */
export interface KnownFailure {
  defect: string
  class: FindingClass
  kind?: RequestKind | 'probe' | 'concurrent'
  status?: number
  /** The operations it is known on (default: any). */
  operations?: string[]
  /**
   * Sent in order after the run; the last answer must still fall in this class. Without a probe
   * the entry is a consequence of another one (a row an accepted invalid request stored) and
   * leaves the list with it.
   */
  probe?: ProbeRequest[]
  /** Requests of the run not to send (a defect that would wedge the rest of the run). */
  exclude?: (request: FuzzRequest) => boolean
}

export interface FuzzOptions {
  spec: OpenApiDocument
  baseUrl: string
  /** The credential with every permission (sent as `Authorization: Bearer …`). */
  credential: string
  seed: number
  /** Requests to send in all (warm-up, invalid-only, then valid phase). Default 5,000. */
  requests?: number
  /** Share of the generated requests that are valid. Default 0.3. */
  validShare?: number
  /** The security scheme of `credential`; default: the one most operations use. */
  scheme?: string
  /** Requests in flight at once. Default 4. */
  concurrency?: number
  /** A request without an answer after this long is a hang. Default 15 s. */
  timeoutMs?: number
  /** The run stops generating after this long (the report says so). Default 240 s. */
  maxDurationMs?: number
  /** Every this many ms, a liveness probe is sent alongside the fuzzing. Default 2 s. */
  livenessEveryMs?: number
  /** Only these operation ids. */
  operations?: string[]
  /** 5xx answers the environment causes by design (e.g. no browser installed): not findings. */
  environmentError?: (operation: string, answer: Answer) => boolean
  /**
   * Accept a 502 or 504 the operation documents: the answer of a service that fetches pages when
   * the target site cannot be reached (no DNS, no route), as on a machine without internet.
   */
  upstreamErrors?: boolean
  /** The run stops after this many requests without an answer. Default 5. */
  maxHangs?: number
  known?: KnownFailure[]
  /**
   * Identical calls sent in parallel on one resource per write operation in the concurrency
   * phase (after the valid phase). Default 20; 0 skips the phase.
   */
  concurrentCalls?: number
  /**
   * Returns the service to its seeded state (a test-controls reset). Given, the concurrency phase
   * calls it before each write operation's calls: the operations' examples name the seeded
   * resources, which the valid phase or an earlier operation's calls may have deleted.
   */
  reset?: () => Promise<void>
  /**
   * Rewrites each request of the concurrency phase before it is sent: the examples' hosts to a
   * local site, say, for a service that fetches the pages it is given.
   */
  localize?: (request: FuzzRequest) => FuzzRequest
  /** The API's invariant table for the concurrency phase (`invariantsFor`), besides the generic rules. */
  invariants?: Invariant[]
  /** Which operations write (the concurrency phase calls those); default `isWriteOperation`. */
  isWrite?: (operation: FuzzOperation) => boolean
  /** Requests sent per finding to shrink it. Default 60. */
  shrinkBudget?: number
  log?: (line: string) => void
}

export interface FuzzReport {
  seed: number
  sent: number
  durationMs: number
  byKind: Record<string, number>
  byStatus: Record<string, number>
  findings: Finding[]
  /** Findings of a known failure class (`options.known`). */
  known: Finding[]
  /** Known failures whose probe no longer fails: fixed, to be taken off the list. */
  fixed: KnownFailure[]
  /** The lists counted before and after the invalid-only phase. */
  counts: { before: ListCounts; after: ListCounts }
  /** What the concurrency phase did: operations reached (a 2xx among their calls) or not. */
  concurrency?: ConcurrencySummary
  /** Why the run stopped early, if it did. */
  stopped?: string
}

export interface ConcurrencySummary {
  sent: number
  /** Write operations whose parallel calls got at least one 2xx. */
  reached: string[]
  /** Write operations no call reached (no resource to act on, or every call refused). */
  unreached: string[]
  /** Why each unreached operation was not reached: what its last attempt answered, or the resource it lacked. */
  why: Record<string, string>
  /** Invariants checked (operation: what). */
  checked: string[]
}
