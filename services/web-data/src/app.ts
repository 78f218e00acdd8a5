import { allowOrigins, DEFAULT_CORS_ORIGINS, requestLog, silentLogger } from '@apiplatform/server-kit'
import { createApi, newRequestId, spec } from '@apiplatform/web-data-routes'
import type { OpenAPIHono } from '@hono/zod-openapi'
import { every } from 'hono/combine'
import type { Deps } from './deps.js'
import { createHandlers } from './handlers.js'
import { errorMapper } from './http/api-errors.js'
import { authMiddleware } from './http/auth.js'
import type { ServiceEnv } from './http/env.js'
import { idempotentWrites } from './http/idempotency.js'
import { errorVerdict } from './http/log-verdict.js'
import { limitsMiddleware } from './limits/index.js'

/**
 * The HTTP app: the generated routes with this service's handlers, auth and error mapping. Its
 * `fetch` writes one log line per request (`deps.logger`).
 */
export function buildWebDataApp(deps: Deps): OpenAPIHono<ServiceEnv> {
  const log = requestLog(deps.logger ?? silentLogger(), { verdict: errorVerdict })
  const app = createApi<ServiceEnv>({
    handlers: createHandlers(deps),
    // Metering (rate limit, concurrent jobs, activity, ledger key) runs right after authentication.
    // Idempotency keys between the two: scoped to the caller, and a replay is not metered again.
    auth: every(authMiddleware(deps), idempotentWrites(deps.db), limitsMiddleware(deps)),
    bodyLimit: deps.config.maxBodyBytes,
    requestId: log.requestId(deps.testControls?.requestId(newRequestId) ?? newRequestId),
    mapError: errorMapper(log.unexpected),
    onUnexpectedError: log.unexpected,
    middleware: [allowOrigins(deps.config.corsOrigins ?? DEFAULT_CORS_ORIGINS)],
  })
  // The bundled hand-written spec, as the run-time contract requires (not the one zod would emit).
  app.get('/openapi.json', (c) => c.json(spec))
  // Wrapped here, not by a middleware, so that answers given before any middleware runs are logged too.
  app.fetch = log.fetch(app.fetch)
  if (deps.testControls) app.fetch = deps.testControls.fetch(app.fetch)
  return app
}
