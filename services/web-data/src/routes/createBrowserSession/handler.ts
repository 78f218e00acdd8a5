import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { openSession } from '../../interact/open-session.js'

/**
 * POST /v2/interact: opens a browser session (a fresh context of the shared chromium, with the
 * named profile's cookies and storage). It closes after `ttl` seconds, or `activityTtl` seconds
 * without an execute call. No CDP or live view URL is exposed.
 */
export const createBrowserSession =
  (deps: Deps): Handler<'createBrowserSession', ServiceEnv> =>
  async (c) =>
    c.json(await openSession(deps.browsers, c.get('principal').teamId, c.req.valid('json')), 200)
