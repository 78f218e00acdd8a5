import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createApi, spec as generatedSpec } from '@apiplatform/control-routes'
import {
  allowOrigins,
  DEFAULT_CORS_ORIGINS,
  type Logger,
  requestLog,
  silentLogger,
  type TestControlsRuntime,
} from '@apiplatform/server-kit'
import type { Context } from 'hono'
import { every } from 'hono/combine'
import type { Deps } from './deps.js'
import { createHandlers } from './handlers.js'
import { errorMapper } from './http/api-errors.js'
import { authenticate } from './http/auth.js'
import type { ServiceEnv } from './http/env.js'
import { idempotentWrites } from './http/idempotency.js'
import { invalidatingWrites } from './http/invalidating-writes.js'
import { problemVerdict } from './http/log-verdict.js'
import { pooledRequestId } from './http/request-id.js'
import { limitRequestRate, type RequestRateLimiter } from './http/request-rate-limit.js'
import { RootKeyCache } from './http/root-key-cache.js'

/** The bundled hand-written spec (specs/control/dist/openapi.json), as served on /openapi.json. */
export function loadBundledSpec(): unknown {
  try {
    const file = createRequire(import.meta.url).resolve('@apiplatform/control-spec/openapi.json')
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // The routes package embeds the bundle it was generated from.
    return generatedSpec
  }
}

/** What the app needs besides what handlers need: the edge's own state (see `Deps`). */
export interface AppDeps extends Deps {
  /** Root-key lookups cached briefly (createService sets it; without it every request queries). */
  rootKeys?: RootKeyCache
  /** The API's own request rate limit per workspace (429); createService sets it. */
  requestRateLimiter?: RequestRateLimiter
}

export interface AppOptions {
  /** Receives every exception answered with a 5xx instead of the log (tests). */
  onUnexpectedError?: (error: unknown) => void
  /** Request lines and unexpected errors (default: none). */
  logger?: Logger
  /** Browser origins allowed by CORS; default the docs portal's (`DEFAULT_CORS_ORIGINS`). */
  corsOrigins?: readonly string[] | undefined
  /** Test controls around the app (faults, latency, journal; `test-controls.ts`); none by default. */
  testControls?: TestControlsRuntime | undefined
}

/**
 * The Hono app of the service: every implemented operation, authentication, /openapi.json. Its
 * `fetch` writes one log line per request, and every response carries `X-Request-Id`.
 */
export function buildControlApp(deps: AppDeps, options: AppOptions = {}) {
  const log = requestLog(options.logger ?? silentLogger(), {
    requestIdHeader: 'X-Request-Id',
    verdict: problemVerdict,
  })
  const authenticated = authenticate(deps.db, deps.now, {
    rootKeys: deps.rootKeys ?? new RootKeyCache(deps.db, 0),
  })
  const auth = deps.requestRateLimiter
    ? limitRequestRate(deps.requestRateLimiter, authenticated)
    : authenticated
  const logUnexpected = (error: unknown, c: Context) =>
    options.onUnexpectedError ? options.onUnexpectedError(error) : log.unexpected(error, c)
  const bundled = loadBundledSpec()
  // Idempotency keys after authentication (their scope is the caller), before validation.
  const keyed = every(auth, idempotentWrites(deps.db))
  const app = createApi<ServiceEnv>({
    handlers: createHandlers(deps),
    auth: deps.caches ? invalidatingWrites(deps.caches, keyed) : keyed,
    requestId: log.requestId(options.testControls?.requestId(pooledRequestId) ?? pooledRequestId),
    middleware: [allowOrigins(options.corsOrigins ?? DEFAULT_CORS_ORIGINS)],
    mapError: errorMapper(logUnexpected),
    onUnexpectedError: logUnexpected,
  })
  app.get('/openapi.json', (c) => c.json(bundled as object))
  // Wrapped here, not by a middleware, so that answers given before any middleware runs are logged too.
  app.fetch = log.fetch(app.fetch)
  if (options.testControls) app.fetch = options.testControls.fetch(app.fetch)
  return app
}
