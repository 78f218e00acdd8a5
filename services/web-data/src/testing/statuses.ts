import { sqlError } from '@apiplatform/server-kit'
import type { OperationId } from '@apiplatform/web-data-routes'
import { expect } from 'vitest'
import { charge } from '../billing/credits.js'
import { revokeKey } from '../billing/keys.js'
import { SCOPES } from '../billing/scopes.js'
import { OPERATION_SCOPES } from '../http/permissions.js'
import type { FaultyTestService, TestService } from './harness.js'

/**
 * One assertion per generic status, shared by the table test of the generic statuses
 * (`src/generic-statuses.test.ts`) and the `<status>.test.ts` files of single operations.
 * Each passes its operation's request as `call` (through the validating client, so the error
 * response is checked against the spec too) and these drive the service into the status for
 * real: keys, scopes, limits, billing and database failures.
 */

export type Client = TestService['client']
export interface Answer {
  response: Response
  error?: unknown
}
/** One request of the operation under test, made with `client`. */
export type Call = (client: Client) => Promise<Answer>

/** 401 `Unauthorized: Invalid token` without a key, with a malformed, an unknown and a revoked key. */
export async function expectUnauthorized(t: TestService, call: Call): Promise<void> {
  const revoked = await t.newTeam(10)
  await revokeKey(t.service.db, revoked.keyId)
  for (const key of ['', 'not a key', 'wd-unknown', revoked.key]) {
    const { response, error } = await call(t.clientWith(key))
    expect(response.status, `key ${JSON.stringify(key)}`).toBe(401)
    expect(error).toEqual({ success: false, error: 'Unauthorized: Invalid token' })
  }
}

/**
 * 403 `Forbidden` for a key that has every scope but the one the operation needs; a key with only
 * that scope gets past the check.
 */
export async function expectForbiddenWithoutScope(
  t: TestService,
  operation: OperationId,
  call: Call,
): Promise<void> {
  const scope = OPERATION_SCOPES[operation]
  const without = await t.newTeam(10, { scopes: SCOPES.filter((s) => s !== scope) })
  const refused = await call(t.clientWith(without.key))
  expect(refused.response.status).toBe(403)
  expect(refused.error).toEqual({
    success: false,
    error: 'Forbidden',
    code: 'MISSING_SCOPE',
    details: { requiredScope: scope },
  })
  const only = await t.newTeam(10, { scopes: [scope] })
  const allowed = await call(t.clientWith(only.key))
  expect(allowed.response.status).not.toBe(403)
}

/**
 * 402 `Payment Required: Insufficient credits` for a team whose billing is not configured (never
 * granted credits), while a team that spent all its credits is not refused by that check: reads
 * stay open to it (see the README, "Permissions, credits and limits").
 */
export async function expectPaymentRequiredWithoutBilling(t: TestService, call: Call): Promise<void> {
  const unbilled = await t.newTeam(0)
  const refused = await call(t.clientWith(unbilled.key))
  expect(refused.response.status).toBe(402)
  expect(refused.error).toEqual({ success: false, error: 'Payment Required: Insufficient credits' })
  const spent = await t.newTeam(1)
  expect(await charge(t.service.db, spent.teamId, 1, 'test')).toBe(true)
  const read = await call(t.clientWith(spent.key))
  expect(read.response.status).not.toBe(402)
}

/**
 * 429 `Rate limit exceeded` with `Retry-After` once the team of `client` is past the per-minute
 * limit of a service started with `rateLimitPerMin: 1`. The limit counts per team: `client` is of
 * a team no other test calls with. Up to three calls: a window may end between two.
 */
export async function expectRateLimited(client: Client, call: Call): Promise<void> {
  const first = await call(client)
  expect(first.response.status).not.toBe(429)
  let limited: Answer | undefined
  for (let attempt = 0; attempt < 2 && !limited; attempt++) {
    const answer = await call(client)
    if (answer.response.status === 429) limited = answer
  }
  expect(limited?.response.status).toBe(429)
  expect(limited?.error).toEqual({ success: false, error: 'Rate limit exceeded' })
  const retryAfter = Number(limited?.response.headers.get('retry-after'))
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true)
}

/**
 * 413 `Payload Too Large` for a body past the service's `maxBodyBytes`, while the same request
 * with a small body gets past the limit. `call` puts `padding` into some string of its body.
 */
export async function expectPayloadTooLarge(
  t: TestService,
  maxBodyBytes: number,
  call: (client: Client, padding: string) => Promise<Answer>,
): Promise<void> {
  const small = await call(t.client, '')
  expect(small.response.status).not.toBe(413)
  const { response, error } = await call(t.client, 'x'.repeat(maxBodyBytes))
  expect(response.status).toBe(413)
  expect(error).toEqual({ success: false, error: 'Payload Too Large' })
}

const FAILURES = {
  500: { sqlstate: 'XX000', error: 'Internal Server Error' },
  502: { sqlstate: '08P01', error: 'Bad Gateway' },
  503: { sqlstate: '08006', error: 'Service Unavailable' },
  504: { sqlstate: '57014', error: 'Gateway Timeout' },
} as const

/**
 * The answer while every database statement fails: with a bug-class error (`XX000`) a 500, with
 * a connection failure (`08006`) a 503 with `Retry-After`, with a cancelled statement (`57014`) a
 * 504, with a protocol violation (`08P01`) a 502; the request id in `details`, the error logged.
 */
export async function expectDatabaseFailure(
  t: FaultyTestService,
  status: keyof typeof FAILURES,
  call: Call,
  options: {
    /**
     * Leave authentication's and metering's caches cold, for an operation that reads nothing of
     * its own: the failure then meets the key lookup, the only statement the request runs.
     */
    coldCaches?: boolean
  } = {},
): Promise<void> {
  const { sqlstate, error: message } = FAILURES[status]
  let answer: Answer
  const loggedBefore = t.logged.length
  // Authentication and metering read through caches (on PGlite): a first call fills them, so the
  // failure reaches the operation's own statements rather than only those two layers.
  if (!options.coldCaches) await t.client.GET('/v2/team/credit-usage')
  t.faults.failAll(sqlError(sqlstate))
  try {
    answer = await call(t.client)
  } finally {
    t.faults.heal()
  }
  expect(answer.response.status).toBe(status)
  expect(answer.error).toEqual({
    success: false,
    error: message,
    details: { requestId: answer.response.headers.get('x-request-id') },
  })
  expect(answer.response.headers.get('retry-after')).toBe(status === 503 ? '5' : null)
  // logged with the request id the client got
  expect(t.logged.slice(loggedBefore)).toContainEqual(
    expect.objectContaining({ reqId: answer.response.headers.get('x-request-id'), msg: 'unexpected error' }),
  )
}

/** 400 `Bad Request` from request validation, naming the offending part (`path`, `query`, `body`) in `details`. */
export function expectBadRequest(answer: Answer, part: 'path' | 'query' | 'body', field: string): void {
  expect(answer.response.status).toBe(400)
  expect(answer.error).toMatchObject({
    success: false,
    error: 'Bad Request',
    details: expect.arrayContaining([expect.objectContaining({ in: part, path: [field] })]),
  })
}
