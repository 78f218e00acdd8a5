import type { Handler } from '@apiplatform/web-data-routes'
import { requireBrowsers } from '../../browser/runtime.js'
import type { AppEnv, Deps } from '../../http/env.js'

/**
 * POST /v2/interact: opens a browser session (a fresh context of the shared chromium, with the
 * named profile's cookies and storage). It closes after `ttl` seconds, or `activityTtl` seconds
 * without an execute call. No CDP or live view URL is exposed.
 */
export const createBrowserSession =
  (deps: Deps): Handler<'createBrowserSession', AppEnv> =>
  async (c) => {
    const body = c.req.valid('json')
    const created = await requireBrowsers(deps.browsers).sessions.create(c.get('principal').teamId, {
      ttl: body.ttl ?? 300,
      activityTtl: body.activityTtl,
      streamWebView: body.streamWebView ?? true,
      profile: body.profile
        ? { name: body.profile.name, saveChanges: body.profile.saveChanges ?? true }
        : undefined,
    })
    return c.json({ success: true, id: created.id, expiresAt: created.expiresAt }, 200)
  }
