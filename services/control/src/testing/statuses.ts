/**
 * One assertion per generic status, shared by the table test of the generic statuses
 * (`src/generic-statuses.test.ts`), `src/database-unavailable.test.ts` and the
 * `<status>.test.ts` files of single operations: a test names only the operation (and, where the
 * body matters, a request; otherwise the operation's entry of `VALID_REQUESTS`), and these drive
 * the service into the status for real. Every call goes through the validating client: the answer
 * must match the operation's own documented response (status, content type, body).
 *
 * - 429: a service whose request rate limit is `RATE_LIMIT` per workspace and hour
 *   (`useTestService({ kind, ...LIMITED })`); a fresh workspace spends its budget on the operation.
 * - 500 / 503: a service on a `faultyDatabase` (`useTestService({ kind, ...FAULTY })`); the database is
 *   made to throw a bug-class error (500) or a lost connection (503, every operation but liveness).
 */
import { newId, randomToken, sha256, sqlError } from '@apiplatform/server-kit'
import { expect } from 'vitest'
import { everyPermission } from '../access/authorize.js'
import { locationsOf, type TestService, type TestServiceOptions } from './harness.js'
import { call, type RawResult } from './keys-fixtures.js'
import { VALID_REQUESTS } from './valid-calls.js'

/** Requests a workspace may send per hour on the `LIMITED` service. */
export const RATE_LIMIT = 5
export const LIMITED: TestServiceOptions = { requestRateLimit: RATE_LIMIT }
export const FAULTY: TestServiceOptions = { faulty: true }

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
async function credentialIn(t: TestService, workspaceId: string, kind: Credential): Promise<string | null> {
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
export async function expectRateLimited(
  t: TestService,
  operationId: string,
  body: Body = VALID_REQUESTS[operationId],
  credential: Credential = credentialOf(operationId),
): Promise<void> {
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
}

/** Calls the operation while every database statement throws `error`; heals afterwards. */
async function callFailing(
  t: TestService,
  operationId: string,
  body: Body,
  credential: Credential,
  error: Error,
): Promise<RawResult> {
  const key = await credentialIn(t, 'ws_local', credential)
  // A first request with the same credential, so the root key is in the auth cache and the
  // failure hits the operation itself (without a credential there is nothing to cache).
  if (credential !== 'none') {
    const warm = await call(t, 'keys.whoami', { key: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1' }, key)
    expect(warm.response.status).toBeLessThan(500)
  }
  t.unexpectedErrors.length = 0
  t.faults.failAll(error)
  try {
    return await call(t, operationId, bodyOf(body), key)
  } finally {
    t.faults.heal()
  }
}

/** What an operation needs and may find unreachable: its store (analytics) or the database. */
export const storeOf = (operationId: string) =>
  operationId.startsWith('analytics.') ? 'the analytics store' : 'the database'

/**
 * The answer while every database statement fails: with a bug-class error (`XX000`) a 500 in the
 * API's error format, with a lost connection (`08006`) a 503 with `Retry-After` naming what is
 * unreachable (`storeOf`); the injected failure is the one the service logged.
 */
export async function expectDatabaseFailure(
  t: TestService,
  status: 500 | 503,
  operationId: string,
  body: Body = VALID_REQUESTS[operationId],
  credential: Credential = credentialOf(operationId),
): Promise<void> {
  if (status === 500) {
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
    return
  }
  const what = storeOf(operationId)
  const failure = sqlError('08006', 'connection to server was lost')
  const answer = await callFailing(t, operationId, body, credential, failure)
  expect(answer.response.status).toBe(503)
  expect(Number(answer.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
  expect(answer.error?.error).toMatchObject({
    status: 503,
    title: 'Service Unavailable',
    type: `${DOCS}/application/service_unavailable`,
    detail: `${what[0]?.toUpperCase()}${what.slice(1)} is temporarily unavailable. Retry in a few seconds.`,
  })
  expect(t.unexpectedErrors).toContain(failure)
}

/** 400 with an `errors` item at `location`. */
export async function expectBadRequest(
  t: TestService,
  operationId: string,
  body: unknown,
  location: string,
): Promise<void> {
  const { response, error } = await call(t, operationId, body)
  expect(response.status).toBe(400)
  expect(locationsOf(error)).toContain(location)
}

/** The root keys `expectUnauthorized` is tried with: none at all, and an unknown one. */
export const UNAUTHORIZED_KEYS: ReadonlyArray<string | null> = [null, 'ck_wrong_key']

/** 401 for the root key `key` (one of `UNAUTHORIZED_KEYS`). */
export async function expectUnauthorized(
  t: TestService,
  operationId: string,
  body: () => unknown,
  key: string | null,
): Promise<void> {
  const { response, error } = await call(t, operationId, body(), key)
  expect(response.status).toBe(401)
  expect(error?.error.title).toBe('Unauthorized')
}

/** 403 for a root key holding only unrelated permissions. */
export async function expectForbiddenWithoutPermission(
  t: TestService,
  operationId: string,
  body: () => Promise<unknown> | unknown,
): Promise<void> {
  const key = await t.key(['environment.*.read_deployment'])
  const { response, error } = await call(t, operationId, await body(), key)
  expect(response.status).toBe(403)
  expect(error?.error.type).toBe(`${DOCS}/authorization/insufficient_permissions`)
}
