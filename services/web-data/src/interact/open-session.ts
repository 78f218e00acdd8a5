import { type Browsers, requireBrowsers } from './browsers.js'

/** The fields of a create request (the same body at both paths). */
export interface CreateBrowserSessionRequest {
  ttl?: number | undefined
  activityTtl?: number | undefined
  streamWebView?: boolean | undefined
  profile?: { name: string; saveChanges?: boolean | undefined } | undefined
}

/**
 * The session a create request opens. Two operations answer with it (`POST /v2/interact` and
 * the SDKs' `POST /v2/browser`), so it lives here rather than in either route.
 */
export async function openSession(
  browsers: Browsers | undefined,
  teamId: string,
  body: CreateBrowserSessionRequest,
) {
  const created = await requireBrowsers(browsers).sessions.create(teamId, {
    ttl: body.ttl ?? 300,
    activityTtl: body.activityTtl,
    streamWebView: body.streamWebView ?? true,
    profile: body.profile
      ? { name: body.profile.name, saveChanges: body.profile.saveChanges ?? true }
      : undefined,
  })
  return { success: true, id: created.id, expiresAt: created.expiresAt }
}
