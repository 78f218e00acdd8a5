/**
 * The generic statuses every operation documents, one helper per status, so that a test names
 * only the operation (and, where the body matters, a request; otherwise the operation's entry of
 * `VALID_REQUESTS`): the rows of `generic-statuses.test.ts` and `database-unavailable.test.ts`.
 * Every call goes through the validating client: the answer must match the operation's own
 * documented response (status, content type, body).
 *
 * - 429: a service whose request rate limit is `RATE_LIMIT` per workspace and hour
 *   (`useService(kind, LIMITED)`); a fresh workspace spends its budget on the operation.
 * - 500 / 503: a service on a `faultyDatabase` (`useService(kind, FAULTY)`); the database is
 *   made to throw a bug-class error (500) or a lost connection (503, every operation but liveness).
 */
import { newId, randomToken, sha256, sqlError } from '@apiplatform/server-kit'
import { expect, it } from 'vitest'
import { everyPermission } from '../src/http/auth.js'
import type { ServiceOptions, TestContext } from './harness.js'
import { call, type RawResult } from './keys-fixtures.js'
import { VALID_REQUESTS } from './valid-requests.js'

/** Requests a workspace may send per hour on the `LIMITED` service. */
export const RATE_LIMIT = 5
export const LIMITED: ServiceOptions = { requestRateLimit: RATE_LIMIT }
export const FAULTY: ServiceOptions = { faulty: true }

const DOCS = 'https://docs.deploy-control.dev/errors'

/** How an operation authenticates: a root key (default), a portal session token, or nothing. */
export type Credential = 'rootKey' | 'portalSession' | 'none'

type Body = unknown | (() => unknown)
const bodyOf = (body: Body) => (typeof body === 'function' ? (body as () => unknown)() : body)

/** How each operation that is not called with a root key authenticates. */
const CREDENTIALS: Readonly<Record<string, Credential>> = {
  liveness: 'none',
  'portal.exchangeCode': 'none',
  'portal.getVerifications': 'portalSession',
  'portal.listKeys': 'portalSession',
  'portal.rerollKey': 'portalSession',
}
const credentialOf = (operationId: string): Credential => CREDENTIALS[operationId] ?? 'rootKey'

/** A credential of `kind` in `workspaceId`, written straight to the database (no request spent). */
async function credentialIn(t: TestContext, workspaceId: string, kind: Credential): Promise<string | null> {
  if (kind === 'none') return null
  if (kind === 'rootKey') return t.key(everyPermission(), { workspaceId })
  const token = `pst_${randomToken(32)}`
  const now = Date.now()
  await t.service.db.query(
    `INSERT INTO portal_sessions (id, workspace_id, portal_id, external_id, scopes, code_hash, code_expires_at,
       code_used_at, token_hash, token_expires_at, created_at)
     VALUES ($1, $2, 'portal_main', $3, $4, $5, $6, $6, $7, $8, $6)`,
    [
      newId('ps'),
      workspaceId,
      `customer_${randomToken(8)}`,
      JSON.stringify(['keys:read', 'keys:reroll', 'analytics:read']),
      sha256(randomToken(16)),
      now,
      sha256(token),
      now + 3_600_000,
    ],
  )
  return token
}

/**
 * 429 once the caller's workspace has sent `RATE_LIMIT` requests in the window: the documented
 * `application/problem+json` body with `Retry-After`; another workspace is not affected. For the
 * public `portal.exchangeCode` the budget is the client address's, shared by this test worker,
 * so only "at most RATE_LIMIT pass, then 429" is checked.
 */
export function it429(
  t: TestContext,
  operationId: string,
  body: Body = VALID_REQUESTS[operationId],
  credential: Credential = credentialOf(operationId),
) {
  it('answers 429 with Retry-After once the workspace has used its request budget', async () => {
    const key = await credentialIn(t, await t.workspace(), credential)
    let passed = 0
    let answer: RawResult | undefined
    for (let i = 0; i <= RATE_LIMIT; i++) {
      answer = await call(t, operationId, bodyOf(body), key)
      if (answer.response.status === 429) break
      passed++
    }
    if (credential === 'none') expect(passed).toBeLessThanOrEqual(RATE_LIMIT)
    else expect(passed).toBe(RATE_LIMIT)
    expect(answer?.response.status).toBe(429)
    expect(answer?.response.headers.get('content-type')).toBe('application/problem+json')
    expect(Number(answer?.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(answer?.error?.error).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      type: `${DOCS}/limits/rate_limited`,
    })
    if (credential !== 'none') {
      const other = await credentialIn(t, await t.workspace(), credential)
      expect((await call(t, operationId, bodyOf(body), other)).response.status).not.toBe(429)
    }
  })
}

/** Calls the operation while every database statement throws `error`; heals afterwards. */
async function callFailing(
  t: TestContext,
  operationId: string,
  body: Body,
  credential: Credential,
  error: Error,
): Promise<RawResult> {
  const key = await credentialIn(t, 'ws_local', credential)
  // A first request with the same credential, so the root key is in the auth cache and the
  // failure hits the operation itself.
  const warm = await call(
    t,
    credential === 'none' ? 'liveness' : 'keys.whoami',
    { key: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1' },
    key,
  )
  expect(warm.response.status).toBeLessThan(500)
  t.unexpectedErrors.length = 0
  t.faults.failAll(error)
  try {
    return await call(t, operationId, bodyOf(body), key)
  } finally {
    t.faults.heal()
  }
}

/** 500 in the API's error format when the database throws an error that is a bug of ours. */
export function it500(
  t: TestContext,
  operationId: string,
  body: Body = VALID_REQUESTS[operationId],
  credential: Credential = credentialOf(operationId),
) {
  it('answers 500 in the API error format when the database fails unexpectedly', async () => {
    const failure = sqlError('XX000', 'internal error: unexpected state of a page')
    const answer = await callFailing(t, operationId, body, credential, failure)
    expect(answer.response.status).toBe(500)
    // The 500 is the injected failure, not some other bug on the way.
    expect(t.unexpectedErrors).toContain(failure)
    expect(answer.error?.error).toMatchObject({
      status: 500,
      title: 'Internal Server Error',
      type: `${DOCS}/application/unexpected_error`,
    })
    expect(JSON.stringify(answer.error)).not.toContain('unexpected state of a page')
    expect((answer.error as unknown as { meta: { requestId: string } }).meta.requestId).toMatch(/^req_/)
  })
}

/**
 * 503 with `Retry-After` when the database cannot be reached; the analytics operations name
 * their store, every other operation the database. The failure is logged.
 */
export function it503(
  t: TestContext,
  operationId: string,
  body: Body = VALID_REQUESTS[operationId],
  credential: Credential = credentialOf(operationId),
) {
  const what = operationId.startsWith('analytics.') ? 'The analytics store' : 'The database'
  it(`answers 503 with Retry-After when ${what.toLowerCase()} is unreachable`, async () => {
    const failure = sqlError('08006', 'connection to server was lost')
    const answer = await callFailing(t, operationId, body, credential, failure)
    expect(answer.response.status).toBe(503)
    expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(answer.error?.error).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      type: `${DOCS}/application/service_unavailable`,
      detail: `${what} is temporarily unavailable. Retry in a few seconds.`,
    })
    expect(t.unexpectedErrors).toContain(failure)
  })
}
