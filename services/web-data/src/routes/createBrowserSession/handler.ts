import type { Handler } from '@apiplatform/web-data-routes'
import { requireBrowsers } from '../../browser/runtime.js'
import type { AppEnv, Deps } from '../../http/env.js'

/** The fields of a create request (the same body at both paths). */
interface CreateBrowserSessionRequest {
  ttl?: number | undefined
  activityTtl?: number | undefined
  streamWebView?: boolean | undefined
  profile?: { name: string; saveChanges?: boolean | undefined } | undefined
}

/**
 * POST /v2/interact: opens a browser session (a fresh context of the shared chromium, with the
 * named profile's cookies and storage). It closes after `ttl` seconds, or `activityTtl` seconds
 * without an execute call. No CDP or live view URL is exposed.
 */
export const createBrowserSession =
  (deps: Deps): Handler<'createBrowserSession', AppEnv> =>
  async (c) =>
    c.json(await openSession(deps, c.get('principal').teamId, c.req.valid('json')), 200)

/** The session a create request opens (`POST /v2/interact` and `POST /v2/browser`). */
export async function openSession(deps: Deps, teamId: string, body: CreateBrowserSessionRequest) {
  const created = await requireBrowsers(deps.browsers).sessions.create(teamId, {
    ttl: body.ttl ?? 300,
    activityTtl: body.activityTtl,
    streamWebView: body.streamWebView ?? true,
    profile: body.profile
      ? { name: body.profile.name, saveChanges: body.profile.saveChanges ?? true }
      : undefined,
  })
  return { success: true, id: created.id, expiresAt: created.expiresAt }
}
