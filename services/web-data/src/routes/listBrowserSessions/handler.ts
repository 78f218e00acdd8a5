import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/**
 * GET /v2/interact: the team's browser sessions, newest first (at most 100). No CDP or live view
 * URL is exposed by this service, so those fields are absent.
 */
export const listBrowserSessions =
  (deps: Deps): Handler<'listBrowserSessions', ServiceEnv> =>
  async (c) => {
    const { status } = c.req.valid('query')
    const sessions = await requireBrowsers(deps.browsers).sessions.list(c.get('principal').teamId, status)
    return c.json({ success: true, sessions }, 200)
  }
