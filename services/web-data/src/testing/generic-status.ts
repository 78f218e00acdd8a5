import { testDatabaseKinds } from '@apiplatform/server-kit'
import { type OperationId, routes } from '@apiplatform/web-data-routes'
import { describe, it } from 'vitest'
import { OPERATION_SCOPES } from '../http/permissions.js'
import { useFaultyTestService, useTestService } from './lifecycle.js'
import {
  expectDatabaseFailure,
  expectForbiddenWithoutScope,
  expectPaymentRequiredWithoutBilling,
  expectRateLimited,
  expectUnauthorized,
} from './statuses.js'
import { VALID_CALLS } from './valid-calls.js'

/** The statuses every operation may answer whatever its request: keys, scopes, billing, limits, the database. */
export type GenericStatus = 401 | 402 | 403 | 429 | 500 | 502 | 503 | 504

/**
 * The `<status>.test.ts` file of a generic status, on every test database: the operation's entry
 * of `VALID_CALLS` is driven into the status for real by the matching helper of `statuses.ts`
 * (a service limited to one request a minute for 429, one on a failing database for 500–504).
 */
export function describeGenericStatus(operationId: OperationId, status: GenericStatus): void {
  const call = VALID_CALLS[operationId]
  if (!call) throw new Error(`no valid call of ${operationId} in testing/valid-calls.ts`)
  const route = routes[operationId]
  describe.each(testDatabaseKinds())(
    `${route.method.toUpperCase()} ${route.path} → ${status} (%s)`,
    (kind) => {
      if (status === 500 || status === 502 || status === 503 || status === 504) {
        const t = useFaultyTestService({ kind })
        it(`answers ${DATABASE_FAILURES[status]}`, async () => {
          await expectDatabaseFailure(t, status, call)
        })
        return
      }
      const t = useTestService({ kind, worker: false, ...(status === 429 ? { rateLimitPerMin: 1 } : {}) })
      if (status === 401)
        it('answers Unauthorized: Invalid token without a valid key (missing, malformed, unknown, revoked)', async () => {
          await expectUnauthorized(t, call)
        })
      if (status === 402)
        it('answers Payment Required: Insufficient credits while the team has no billing configured', async () => {
          await expectPaymentRequiredWithoutBilling(t, call)
        })
      if (status === 403)
        it(`answers Forbidden to a key without the \`${OPERATION_SCOPES[operationId]}\` scope`, async () => {
          await expectForbiddenWithoutScope(t, operationId, call)
        })
      if (status === 429)
        it('answers Rate limit exceeded with Retry-After past the per-minute limit', async () => {
          await expectRateLimited(t, call)
        })
    },
  )
}

const DATABASE_FAILURES = {
  500: 'Internal Server Error when the database raises an internal error',
  502: 'Bad Gateway when the database answers with a protocol violation',
  503: 'Service Unavailable with Retry-After when the database cannot be reached',
  504: 'Gateway Timeout when the database cancels the statement',
} as const
