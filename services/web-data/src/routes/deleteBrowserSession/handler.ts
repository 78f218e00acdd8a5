import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/** DELETE /v2/interact/{sessionId}: closes the session and bills its time (idempotent). */
export const deleteBrowserSession =
  (deps: Deps): Handler<'deleteBrowserSession', ServiceEnv> =>
  async (c) => {
    const closed = await requireBrowsers(deps.browsers).sessions.destroy(
      c.get('principal').teamId,
      c.req.valid('param').sessionId,
    )
    return c.json({ success: true, ...closed }, 200)
  }
