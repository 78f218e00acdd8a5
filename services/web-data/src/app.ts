import { allowOrigins, DEFAULT_CORS_ORIGINS } from '@apiplatform/server-kit'
import { createApi, spec } from '@apiplatform/web-data-routes'
import type { OpenAPIHono } from '@hono/zod-openapi'
import { every } from 'hono/combine'
import { apiErrorResponse, logUnexpected } from './http/api-errors.js'
import { authMiddleware } from './http/auth.js'
import type { AppEnv, Deps } from './http/env.js'
import { limitsMiddleware } from './limits/index.js'
import { createHandlers } from './routes/index.js'

/** The HTTP app: the generated routes with this service's handlers, auth and error mapping. */
export function createApp(deps: Deps): OpenAPIHono<AppEnv> {
  const app = createApi<AppEnv>({
    handlers: createHandlers(deps),
    // Metering (rate limit, concurrent jobs, activity, ledger key) runs right after authentication.
    auth: every(authMiddleware(deps), limitsMiddleware(deps)),
    bodyLimit: deps.config.maxBodyBytes,
    middleware: [allowOrigins(deps.config.corsOrigins ?? DEFAULT_CORS_ORIGINS)],
    mapError: apiErrorResponse,
    onUnexpectedError: logUnexpected,
  })
  // The bundled hand-written spec, as the run-time contract requires (not the one zod would emit).
  app.get('/openapi.json', (c) => c.json(spec))
  return app
}
