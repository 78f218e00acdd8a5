import type { Handler } from '@apiplatform/web-data-routes'
import type { Deps } from '../../deps.js'
import type { ServiceEnv } from '../../http/env.js'
import { requireBrowsers } from '../../interact/browsers.js'

/**
 * POST /v2/browser/{sessionId}/execute: the official SDKs' path of
 * POST /v2/interact/{sessionId}/execute, the same operation.
 */
export const browserExecute =
  (deps: Deps): Handler<'browserExecute', ServiceEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const result = await requireBrowsers(deps.browsers).sessions.execute(
      c.get('principal').teamId,
      c.req.valid('param').sessionId,
      { code: body.code, language: body.language ?? 'node', timeout: body.timeout },
    )
    return c.json({ success: true, ...result }, 200)
  }
