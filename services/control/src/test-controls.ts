/**
 * The control service's side of server-kit's test controls (`testControls: true`): its error
 * format for injected faults, its request ids, and what a reset clears besides the database (the
 * caches, the request rate limiter, the leased rate-limit permits, the analytics buffer).
 */
import { problem } from '@apiplatform/control-routes'
import {
  createTestControls,
  type Database,
  type JobQueue,
  resetToSeededState,
  type SeededState,
  type TestClock,
  type TestControlsRuntime,
} from '@apiplatform/server-kit'
import type { AppDeps } from './app.js'
import { pooledRequestId } from './http/request-id.js'

/** The problem type of an injected status, the one the service uses for it where it has one. */
const PROBLEM_TYPES: Record<number, string> = {
  400: 'request/malformed_request',
  404: 'request/route_not_found',
  408: 'request/request_timeout',
  409: 'data/conflict',
  412: 'application/precondition_failed',
  422: 'request/unprocessable',
  429: 'limits/rate_limited',
  502: 'application/dependency_invalid_response',
  503: 'application/service_unavailable',
  504: 'application/dependency_timeout',
}

export interface ControlTestControls {
  runtime: TestControlsRuntime
  seeded: SeededState
}

export function controlTestControls(options: {
  clock: TestClock
  spec: unknown
  httpToken?: string | undefined
  db: Database
  queue: JobQueue
  deps: () => AppDeps
}): ControlTestControls {
  const runtime = createTestControls({
    clock: options.clock,
    spec: options.spec,
    httpToken: options.httpToken,
    newRequestId: pooledRequestId,
    requestIdHeader: 'X-Request-Id',
    faultAnswer: ({ status, message, requestId }) => ({
      body: problem(
        requestId,
        status,
        PROBLEM_TYPES[status] ?? (status >= 500 ? 'application/unexpected_error' : 'request/injected_fault'),
        message ?? `Injected by the test controls (${status}).`,
      ),
      // As the service answers its own 429.
      ...(status === 429 ? { headers: { 'content-type': 'application/problem+json' } } : {}),
    }),
  })
  const seeded = resetToSeededState(runtime, {
    db: options.db,
    queue: options.queue,
    // Rows still buffered belong to the state being thrown away: written, then wiped with it.
    before: () => options.deps().analytics?.flush(),
    clear: async () => {
      const deps = options.deps()
      deps.rootKeys?.invalidate()
      if (deps.caches) for (const cache of Object.values(deps.caches)) cache.invalidate()
      deps.requestRateLimiter?.clear()
      deps.ratelimits?.forget()
      deps.keyRatelimits?.forget()
    },
  })
  return { runtime, seeded }
}
