/**
 * The generic statuses of every operation (401, 402, 403, 429, 500, 502, 503, 504; the rows of
 * `statusTable()`), on every test database: the operation's entry of `VALID_CALLS` is driven into
 * the status for real by the matching assertion of `statuses.ts`. The rows of one status share
 * one service per database kind, which is what each of them used to start for itself.
 */
import fs from 'node:fs'
import path from 'node:path'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { type OperationId, operations, routes } from '@apiplatform/web-data-routes'
import { describe, expect, it } from 'vitest'
import { statusesOf } from './http/documented.js'
import { OPERATION_SCOPES } from './http/permissions.js'
import { useFaultyTestService, useTestService } from './testing/lifecycle.js'
import {
  CROSS_CUTTING,
  GENERIC_STATUSES,
  type GenericStatus,
  OWN_STATUS_TESTS,
  type StatusRow,
  statusTable,
} from './testing/status-table.js'
import {
  type Call,
  expectDatabaseFailure,
  expectForbiddenWithoutScope,
  expectPaymentRequiredWithoutBilling,
  expectRateLimited,
  expectUnauthorized,
} from './testing/statuses.js'
import { VALID_CALLS } from './testing/valid-calls.js'

const rows = statusTable()
const rowsOf = (status: GenericStatus): StatusRow[] => rows.filter((row) => row.status === `${status}`)

function title({ operationId, status }: StatusRow): string {
  const route = routes[operationId]
  return `${route.method.toUpperCase()} ${route.path} (${operationId}) → ${status}`
}

function callOf(operationId: OperationId): Call {
  const call = VALID_CALLS[operationId]
  if (!call) throw new Error(`no valid call of ${operationId} in testing/valid-calls.ts`)
  return call
}

const DATABASE_FAILURES = {
  500: 'Internal Server Error when the database raises an internal error',
  502: 'Bad Gateway when the database answers with a protocol violation',
  503: 'Service Unavailable with Retry-After when the database cannot be reached',
  504: 'Gateway Timeout when the database cancels the statement',
} as const

describe.each(testDatabaseKinds())('generic statuses (%s)', (kind) => {
  describe('401', () => {
    const t = useTestService({ kind, worker: false })
    for (const row of rowsOf(401))
      it(`${title(row)}: answers Unauthorized: Invalid token without a valid key (missing, malformed, unknown, revoked)`, async () => {
        await expectUnauthorized(t, callOf(row.operationId))
      })
  })

  describe('402', () => {
    const t = useTestService({ kind, worker: false })
    for (const row of rowsOf(402))
      it(`${title(row)}: answers Payment Required: Insufficient credits while the team has no billing configured`, async () => {
        await expectPaymentRequiredWithoutBilling(t, callOf(row.operationId))
      })
  })

  describe('403', () => {
    const t = useTestService({ kind, worker: false })
    for (const row of rowsOf(403))
      it(`${title(row)}: answers Forbidden to a key without the \`${OPERATION_SCOPES[row.operationId]}\` scope`, async () => {
        await expectForbiddenWithoutScope(t, row.operationId, callOf(row.operationId))
      })
  })

  describe('429', () => {
    const t = useTestService({ kind, worker: false, rateLimitPerMin: 1 })
    for (const row of rowsOf(429))
      it(`${title(row)}: answers Rate limit exceeded with Retry-After past the per-minute limit`, async () => {
        // The limit counts per team: a team of its own keeps the requests of other rows out of this one's minute.
        const team = await t.newTeam(100_000)
        await expectRateLimited(t.clientWith(team.key), callOf(row.operationId))
      })
  })

  for (const status of [500, 502, 503, 504] as const)
    describe(`${status}`, () => {
      const t = useFaultyTestService({ kind })
      for (const row of rowsOf(status))
        it(`${title(row)}: answers ${DATABASE_FAILURES[status]}`, async () => {
          await expectDatabaseFailure(t, status, callOf(row.operationId))
        })
    })
})

describe('the table of generic statuses', () => {
  /** The `<status>.test.ts` files beside each operation's handler. */
  const files = new Map(
    operations.map(({ operationId }) => {
      const dir = path.join(import.meta.dirname, 'routes', operationId)
      const names = fs.existsSync(dir) ? fs.readdirSync(dir) : []
      return [operationId, names.flatMap((name) => /^(\d{3})\.test\.ts$/.exec(name)?.[1] ?? [])] as const
    }),
  )

  it('covers each documented status of each operation by a row, a file of its own or a cross-cutting suite', () => {
    const missing = operations.flatMap(({ operationId }) =>
      [...(statusesOf(operationId) ?? [])]
        .map(String)
        .filter(
          (status) =>
            !rows.some((row) => row.operationId === operationId && row.status === status) &&
            !files.get(operationId)?.includes(status) &&
            !CROSS_CUTTING[status],
        )
        .map((status) => `${operationId} ${status}`),
    )
    expect(missing).toEqual([])
  })

  it('has no row for a status the operation does not document', () => {
    const stray = rows.filter((row) => !statusesOf(row.operationId)?.has(Number(row.status)))
    expect(stray).toEqual([])
  })

  it('leaves out exactly the generic statuses an operation tests in a file of its own', () => {
    const own = operations.flatMap(({ operationId }) =>
      (OWN_STATUS_TESTS[operationId] ?? []).map((status) => `${operationId} ${status}`),
    )
    const generic = new Set<string>(GENERIC_STATUSES.map(String))
    const onDisk = [...files].flatMap(([operationId, statuses]) =>
      statuses.filter((status) => generic.has(status)).map((status) => `${operationId} ${status}`),
    )
    expect(own.sort()).toEqual(onDisk.sort())
  })

  it('has the cross-cutting suites, which drive the service into their status', () => {
    for (const [status, file] of Object.entries(CROSS_CUTTING)) {
      const suite = path.resolve(import.meta.dirname, '..', file)
      expect(fs.existsSync(suite), suite).toBe(true)
      expect(fs.readFileSync(suite, 'utf8'), `${file} tests ${status}`).toContain(status)
    }
  })
})
