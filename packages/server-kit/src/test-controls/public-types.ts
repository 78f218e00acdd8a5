/**
 * The test controls' types that the services publish in their declarations: self-contained (no
 * imports), because a service's `index.d.ts` may name only its own types and this file's, which its
 * build ships beside it (`dist/test-controls-types.d.ts`).
 */

/** What a test can do to a service started with test controls. */
export interface TestControls {
  /** The next `times` matching requests (every one without `times`) answer `status` in the API's error format. */
  fault(options: FaultOptions): Rule
  /** The next `times` matching requests (every one without `times`) wait `delayMs` before they are handled. */
  latency(options: LatencyOptions): Rule
  /** The rules in force. */
  rules(): Rule[]
  removeRule(id: string): boolean
  clearRules(): void
  /** The requests received (the last 1,000), oldest first. */
  journal(query?: JournalQuery): JournalEntry[]
  clearJournal(): void
  /** Back to the state right after the start: seeded data, no rules, an empty journal, real time. */
  reset(): Promise<void>
  /** Moves the service's clock `ms` forward (JavaScript and SQL); resolves with the new time (ms). */
  advanceClock(ms: number): Promise<number>
  /** The service's time, in ms since the epoch. */
  now(): number
  /** How far the clock was moved ahead of real time, in ms. */
  clockOffsetMs(): number
}

/** Which requests a rule applies to; every field given must match, none given matches every request. */
export interface RequestMatch {
  /** e.g. `keys.createKey`, `scrapeAndExtractFromUrl`. */
  operationId?: string
  /** e.g. `POST` (any case). */
  method?: string
  /** The path, `*` matching any characters (`/v2/crawl/*`), or a RegExp. */
  path?: string | RegExp
}

export interface FaultOptions extends RequestMatch {
  /** Status of the answer, 400-599. */
  status: number
  /** How many matching requests get it; default every one until the rule is removed. */
  times?: number
  /** Error message in the API's error body; default the status's reason. */
  message?: string
  /** Extra response headers, e.g. `{ 'Retry-After': '1' }`. */
  headers?: Record<string, string>
}

export interface LatencyOptions extends RequestMatch {
  /** How long each matching request waits before it is handled, in ms (real time, not the test clock). */
  delayMs: number
  /** How many matching requests wait; default every one until the rule is removed. */
  times?: number
}

export type Rule =
  | ({ id: string; kind: 'fault'; remaining: number | null } & FaultOptions)
  | ({ id: string; kind: 'latency'; remaining: number | null } & LatencyOptions)

export interface JournalEntry {
  /** Increases by one per request; stays unique across `clear`. */
  seq: number
  /** When the request arrived, ISO 8601 on the service's clock (the test clock when it moved). */
  time: string
  operationId: string | undefined
  method: string
  path: string
  /** The query string without `?`, or undefined. */
  query: string | undefined
  /** The body parsed when it is JSON, the text when it is text, undefined otherwise (or none). */
  requestBody: unknown
  status: number
  requestId: string | undefined
  durationMs: number
  /** The answer came from a fault rule (`rule_…`), not from the API. */
  faultRule?: string
  /** The request waited this long because of a latency rule. */
  delayedMs?: number
}

export interface JournalQuery {
  operationId?: string
  /** Only requests that arrived at or after this time (ms since the epoch, a Date, or ISO 8601). */
  since?: number | string | Date
  /** Only requests with a `seq` greater than this (what a test saw last). */
  afterSeq?: number
  /** At most this many, the most recent ones. */
  limit?: number
}
