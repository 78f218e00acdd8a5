import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { openSession } from '../../interact/open-session.js'

/** POST /v2/browser: the official SDKs' path of POST /v2/interact, the same operation. */
export const createBrowser =
  (deps: Deps): Handler<'createBrowser', ServiceEnv> =>
  async (c) =>
    c.json(await openSession(deps.browsers, c.get('principal').teamId, c.req.valid('json')), 200)
