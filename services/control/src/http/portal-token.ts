/**
 * The portal session token of a request to a portal operation. The spec accepts it two ways:
 * `Authorization: Bearer <token>` (`portalSession`) or the `portal_session` cookie
 * (`portalSessionCookie`), which is how the hosted portal and the official SDK send it. The
 * header wins when both are present, so a caller that sets it explicitly is never overridden by
 * a stale cookie.
 */
import { parseBearer } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { unauthorized } from '../domain/errors.js'

/** The security schemes of the spec that carry a portal session token. */
export const PORTAL_SCHEMES: ReadonlySet<string> = new Set(['portalSession', 'portalSessionCookie'])

export const PORTAL_COOKIE = 'portal_session'

const HOW = `Send \`Authorization: Bearer <PORTAL_SESSION_TOKEN>\` or the \`${PORTAL_COOKIE}\` cookie.`

export function portalToken(c: Context): string {
  const header = c.req.header('authorization')
  if (header && header.trim() !== '') {
    const token = parseBearer(header)
    if (!token) throw unauthorized('malformed', `The Authorization header is malformed. ${HOW}`)
    return token
  }
  const cookie = getCookie(c, PORTAL_COOKIE)
  if (cookie === undefined) throw unauthorized('missing', `No portal session token was sent. ${HOW}`)
  if (cookie.trim() === '') throw unauthorized('malformed', `The ${PORTAL_COOKIE} cookie is empty. ${HOW}`)
  return cookie.trim()
}
