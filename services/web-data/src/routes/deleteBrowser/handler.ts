import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/** DELETE /v2/browser/{sessionId}: the official SDKs' path of DELETE /v2/interact/{sessionId}. */
export const deleteBrowser =
  (deps: Deps): Handler<'deleteBrowser', ServiceEnv> =>
  async (c) => {
    const closed = await requireBrowsers(deps.browsers).sessions.destroy(
      c.get('principal').teamId,
      c.req.valid('param').sessionId,
    )
    return c.json({ success: true, ...closed }, 200)
  }
