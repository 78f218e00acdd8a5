import { createApi, spec } from '@apiplatform/web-data-routes'
import type { OpenAPIHono } from '@hono/zod-openapi'
import { apiErrors } from './http/api-errors.js'
import { authMiddleware } from './http/auth.js'
import type { AppEnv, Deps } from './http/env.js'
import { ApiError } from './http/errors.js'
import { createHandlers } from './routes/index.js'

/** The HTTP app: the generated routes with this service's handlers, auth and error mapping. */
export function createApp(deps: Deps): OpenAPIHono<AppEnv> {
  const app = createApi<AppEnv>({
    handlers: createHandlers(deps),
    auth: authMiddleware(deps),
    middleware: [apiErrors],
    bodyLimit: deps.config.maxBodyBytes,
    onUnexpectedError: (error) => {
      if (!(error instanceof ApiError)) console.error('unexpected error', error)
    },
  })
  // The bundled hand-written spec, as the run-time contract requires (not the one zod would emit).
  app.get('/openapi.json', (c) => c.json(spec))
  return app
}
