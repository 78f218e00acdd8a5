/**
 * Test controls of a reference service: faults and latency on demand, a request journal, a reset
 * to the seeded state and a clock that moves forward on request. One implementation for both
 * services; each gives it its error format, its request ids and what its reset must clear.
 *
 * The controls sit around the app's `fetch` (outside the request log: a fault is logged like any
 * other answer by the server's log line only when it reaches the app, which a fault never does).
 */
import type { Context } from 'hono'
import type { TestClock } from './clock.js'
import { controlsHttpHandler, isControlsPath } from './http.js'
import { RequestJournal } from './journal.js'
import { operationMatcher } from './operations.js'
import type { Rule, TestControls } from './public-types.js'
import { readBodyPreview } from './request-body.js'
import { RuleSet } from './rules.js'

export type { TestControls } from './public-types.js'

/** A fault's answer in the service's own error format. */
export interface FaultAnswerInput {
  status: number
  message: string | undefined
  requestId: string
  operationId: string | undefined
}

export interface TestControlsOptions {
  clock: TestClock
  /** The bundled spec: which operation a request addresses. */
  spec: unknown
  /** The body of a fault (valid against the spec for its status) and its headers (content type included). */
  faultAnswer(input: FaultAnswerInput): { body: unknown; headers?: Record<string, string> }
  /** A request id in the API's format, for a fault's answer. */
  newRequestId(): string
  /** The response header that carries the request id (control: `X-Request-Id`). */
  requestIdHeader?: string
  /** The controls over HTTP, under `/__controls`, with this bearer token; off without it. */
  httpToken?: string | undefined
  /** Entries the journal keeps; default 1,000. */
  journalCapacity?: number
}

type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>

/** The controls, and the hooks the service wires them in with. */
export interface TestControlsRuntime {
  controls: TestControls
  /** Wraps the app's fetch: rules, journal, and the HTTP controls when they are on. */
  fetch<F extends Fetch>(handler: F): F
  /** Wraps the routes package's request id generator, so the journal has each request's id and operation. */
  requestId<C extends Context>(make: (c: C) => string): (c: C) => string
  /** What a reset does besides clearing the rules and the journal and resetting the clock (the data, caches, workers). */
  onReset(step: () => Promise<void>): void
  /** Runs after each clock move (a job queue looks for jobs that became due). */
  onAdvance(step: () => void | Promise<void>): void
}

export function createTestControls(options: TestControlsOptions): TestControlsRuntime {
  const { clock } = options
  const rules = new RuleSet()
  const journal = new RequestJournal(options.journalCapacity)
  const operationOf = operationMatcher(options.spec)
  const contexts = new WeakMap<Request, Context>()
  const resetSteps: (() => Promise<void>)[] = []
  const advanceSteps: (() => void | Promise<void>)[] = []
  let resetting: Promise<void> | undefined

  const controls: TestControls = {
    fault: (o) => rules.fault(o),
    latency: (o) => rules.latency(o),
    rules: () => rules.list(),
    removeRule: (id) => rules.remove(id),
    clearRules: () => rules.clear(),
    journal: (query) => journal.query(query),
    clearJournal: () => journal.clear(),
    reset() {
      // Two resets at once are one: the second would restore under the first.
      resetting ??= (async () => {
        try {
          rules.clear()
          clock.reset()
          for (const step of resetSteps) await step()
          journal.clear()
        } finally {
          resetting = undefined
        }
      })()
      return resetting
    },
    async advanceClock(ms) {
      const now = clock.advance(ms)
      for (const step of advanceSteps) await step()
      return now
    },
    now: () => clock.now(),
    clockOffsetMs: () => clock.offsetMs,
  }
  const http = options.httpToken ? controlsHttpHandler(controls, options.httpToken) : undefined

  const faultResponse = (
    rule: Rule & { kind: 'fault' },
    requestId: string,
    operationId: string | undefined,
  ) => {
    const { body, headers } = options.faultAnswer({
      status: rule.status,
      message: rule.message,
      requestId,
      operationId,
    })
    const response = new Response(JSON.stringify(body), {
      status: rule.status,
      headers: { 'content-type': 'application/json', ...headers, ...rule.headers },
    })
    if (options.requestIdHeader) response.headers.set(options.requestIdHeader, requestId)
    return response
  }

  return {
    controls,
    onReset: (step) => void resetSteps.push(step),
    onAdvance: (step) => void advanceSteps.push(step),
    requestId(make) {
      return (c) => {
        contexts.set(c.req.raw, c)
        return make(c)
      }
    },
    fetch<F extends Fetch>(handler: F): F {
      const controlled = async (request: Request, ...rest: never[]): Promise<Response> => {
        const url = new URL(request.url)
        // Off (no token), the prefix is an ordinary path of the app: the API's own 404.
        if (http && isControlsPath(url.pathname)) return http(request)
        const started = performance.now()
        const seq = journal.nextSeq()
        const time = new Date(clock.now()).toISOString()
        const facts = {
          method: request.method,
          path: url.pathname,
          operationId: operationOf(request.method, url.pathname),
        }
        const body = readBodyPreview(request)
        let delayedMs: number | undefined
        const latency = rules.take('latency', facts)
        if (latency?.kind === 'latency') {
          await sleep(latency.delayMs, request.signal)
          delayedMs = latency.delayMs
        }
        const fault = rules.take('fault', facts)
        let response: Response
        let requestId: string | undefined
        let operationId = facts.operationId
        if (fault?.kind === 'fault') {
          requestId = options.newRequestId()
          response = faultResponse(fault, requestId, operationId)
        } else {
          response = await handler(request, ...rest)
          const c = contexts.get(request)
          requestId =
            (c?.get('requestId') as string | undefined) ??
            response.headers.get(options.requestIdHeader ?? 'x-request-id') ??
            undefined
          operationId = (c?.get('operationId') as string | undefined) ?? operationId
        }
        // Awaited before answering: a test that reads the journal after its call finds the call there.
        journal.add({
          seq,
          time,
          operationId,
          method: request.method,
          path: url.pathname,
          query: url.search ? url.search.slice(1) : undefined,
          requestBody: await body,
          status: response.status,
          requestId,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
          ...(fault ? { faultRule: fault.id } : {}),
          ...(delayedMs !== undefined ? { delayedMs } : {}),
        })
        return response
      }
      return controlled as F
    },
  }
}

/** Waits `ms` of real time, or less when the client went away. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}
