/**
 * Helpers of the portal tests: an end user (identity) with keys in two APIs, and a portal session
 * for it, created and exchanged through the API itself.
 */
import type { TestService } from './harness.js'
import { call, newApi, newKey, ok, unique } from './keys-fixtures.js'

export const ALL_SCOPES = ['keys:read', 'keys:reroll', 'analytics:read']

export interface EndUser {
  externalId: string
  identityId: string
  /** Two keys of the user, in two APIs. */
  keys: Array<{ apiId: string; keyId: string; key: string }>
  /** A key of another user of the same API as `keys[0]`. */
  otherKey: { apiId: string; keyId: string; key: string }
}

/** A fresh end user with two keys (two APIs), and a key of someone else beside them. */
export async function endUser(t: TestService, rootKey?: string): Promise<EndUser> {
  const externalId = unique('customer')
  const first = await newKey(t, { externalId, name: 'first' }, rootKey)
  const second = await newKey(t, { externalId, apiId: await newApi(t, rootKey), name: 'second' }, rootKey)
  const otherKey = await newKey(t, { externalId: unique('someone_else'), apiId: first.apiId }, rootKey)
  const identity = await ok<{ id: string }>(t, 'identities.getIdentity', { identity: externalId }, rootKey)
  return { externalId, identityId: identity.id, keys: [first, second], otherKey }
}

/** `portal.createSession` for `externalId`; returns the session id, its URL and the one-time code. */
export async function createSession(
  t: TestService,
  externalId: string,
  options: { scopes?: string[]; portal?: string; rootKey?: string } = {},
) {
  const data = await ok<{ id: string; url: string }>(
    t,
    'portal.createSession',
    { portal: options.portal ?? 'portal_main', externalId, scopes: options.scopes ?? ALL_SCOPES },
    options.rootKey,
  )
  const code = new URL(data.url).searchParams.get('code')
  if (!code) throw new Error(`no code in ${data.url}`)
  return { ...data, code }
}

/** `portal.exchangeCode` without Authorization; the `data` of a 200. */
export async function exchange(t: TestService, code: string) {
  const { response, data, error } = await call(t, 'portal.exchangeCode', { code }, null)
  if (response.status !== 200)
    throw new Error(`exchangeCode answered ${response.status}: ${JSON.stringify(error)}`)
  return data?.data as { accessToken: string; expiresAt: number }
}

/** A session token for a fresh end user (or `user`), with `scopes`. */
export async function portalToken(
  t: TestService,
  options: { scopes?: string[]; user?: EndUser; portal?: string } = {},
): Promise<{ token: string; user: EndUser; sessionId: string }> {
  const user = options.user ?? (await endUser(t))
  const session = await createSession(t, user.externalId, options)
  const { accessToken } = await exchange(t, session.code)
  return { token: accessToken, user, sessionId: session.id }
}

/** Calls a portal operation with the session token as the `portal_session` cookie (no Authorization). */
export async function callWithCookie(t: TestService, operationId: string, body: unknown, token: string) {
  const client = t.clientFor(undefined)
  const post = client.raw.POST as (
    path: string,
    init: { body: unknown; headers: Record<string, string> },
  ) => Promise<unknown>
  return (await post(`/v2/${operationId}`, {
    body,
    headers: { cookie: `portal_session=${token}` },
  })) as Awaited<ReturnType<typeof call>>
}
