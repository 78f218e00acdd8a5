import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/** GET /v2/browser: the official SDKs' path of GET /v2/interact, the same operation. */
export const listBrowsers =
  (deps: Deps): Handler<'listBrowsers', ServiceEnv> =>
  async (c) => {
    const { status } = c.req.valid('query')
    const sessions = await requireBrowsers(deps.browsers).sessions.list(c.get('principal').teamId, status)
    return c.json({ success: true, sessions }, 200)
  }
