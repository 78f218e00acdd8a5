/**
 * The web-data service's side of server-kit's test controls (`testControls: true`): its error
 * format for injected faults, its request ids, and what a reset clears besides the database (the
 * metering windows and cached team limits, the cached keys).
 */
import {
  createTestControls,
  type Database,
  type JobQueue,
  resetToSeededState,
  type SeededState,
  type TestClock,
  type TestControlsRuntime,
} from '@apiplatform/server-kit'
import { newRequestId, spec } from '@apiplatform/web-data-routes'
import { forgetAuthCache } from './billing/keys.js'
import { Errors } from './errors.js'
import { forgetMetering } from './limits/index.js'

/** The catalog's error string of each status (clients match on them). */
const ERRORS: Record<number, string> = {
  400: Errors.badRequest,
  401: Errors.unauthorized,
  402: Errors.paymentRequired,
  403: Errors.forbidden,
  404: Errors.notFound,
  408: Errors.requestTimeout,
  409: Errors.conflict,
  413: Errors.payloadTooLarge,
  422: Errors.unprocessable,
  429: Errors.rateLimited,
  500: Errors.internal,
  502: Errors.badGateway,
  503: Errors.serviceUnavailable,
  504: Errors.gatewayTimeout,
}

export interface WebDataTestControls {
  runtime: TestControlsRuntime
  seeded: SeededState
}

export function webDataTestControls(options: {
  clock: TestClock
  httpToken?: string | undefined
  db: Database
  queue: JobQueue
  worker: boolean
}): WebDataTestControls {
  const runtime = createTestControls({
    clock: options.clock,
    spec,
    httpToken: options.httpToken,
    newRequestId,
    faultAnswer: ({ status, message, requestId }) => ({
      body: {
        success: false,
        error: message ?? ERRORS[status] ?? (status >= 500 ? Errors.internal : Errors.badRequest),
        details: { requestId },
      },
    }),
  })
  const seeded = resetToSeededState(runtime, {
    db: options.db,
    queue: options.queue,
    worker: options.worker,
    clear: () => {
      forgetMetering(options.db)
      forgetAuthCache(options.db)
    },
  })
  return { runtime, seeded }
}
