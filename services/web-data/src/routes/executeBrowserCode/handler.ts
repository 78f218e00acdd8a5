import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/**
 * POST /v2/interact/{sessionId}/execute: runs `node` code in the session's browser against the
 * `page` API and returns its output. Past `timeout` seconds (default 30) the run is killed and
 * the answer says so (`killed: true`, the output so far), as the public API does. The request
 * waits for code already running in the session; 408 when the session stays busy the whole time.
 */
export const executeBrowserCode =
  (deps: Deps): Handler<'executeBrowserCode', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const result = await requireBrowsers(deps.browsers).sessions.execute(
      c.get('principal').teamId,
      c.req.valid('param').sessionId,
      { code: body.code, language: body.language ?? 'node', timeout: body.timeout },
    )
    return c.json({ success: true, ...result }, 200)
  }
