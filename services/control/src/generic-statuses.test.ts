/**
 * The statuses every operation answers for the same reason, one table (`status-table.ts`) instead
 * of a file per operation and status: each row sends its operation's request to one service per
 * database kind and status family (plain, rate-limited, failing database), through the validating
 * client. A 429 row spends the budget of a fresh workspace, so the rows on the rate-limited
 * service do not take from each other's budget.
 *
 * The table and the operations' own `src/routes/<operationId>/<status>.test.ts` files together
 * cover every status the spec documents, and the table holds no status the spec does not.
 */
import fs from 'node:fs'
import path from 'node:path'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import {
  escapingQueries,
  expectEscapeRefused,
  expectInvalidQuery,
  expectNoData,
  expectQueryRequired,
  invalidQueries,
  type QueryOperation,
} from './testing/analytics-statuses.js'
import { type TestService, useTestService } from './testing/harness.js'
import {
  AUTH_REQUESTS,
  CROSS_CUTTING,
  documentedStatuses,
  ownStatusFiles,
  statusTable,
} from './testing/status-table.js'
import {
  expectDatabaseFailure,
  expectForbiddenWithoutPermission,
  expectRateLimited,
  expectUnauthorized,
  FAULTY,
  LIMITED,
  UNAUTHORIZED_KEYS,
} from './testing/statuses.js'
import { FRESH_REQUESTS, VALID_REQUESTS } from './testing/valid-calls.js'

interface Services {
  plain: TestService
  /** `RATE_LIMIT` requests per workspace and hour. */
  limited: TestService
  /** On a database the test makes fail. */
  faulty: TestService
}

/** The test of each status of the table. */
const TESTS: Readonly<Record<string, (s: Services, operationId: string) => void>> = {
  '400': (s, op) => {
    const query = op as QueryOperation
    it.each(invalidQueries(query))('answers 400 with errors[] at body.query for %s', (q) =>
      expectInvalidQuery(s.plain, query, q),
    )
    it('answers 400 for a missing or non-string query', () => expectQueryRequired(s.plain, query))
  },
  '401': (s, op) =>
    it.each(UNAUTHORIZED_KEYS)('answers 401 for root key %s', (key) =>
      expectUnauthorized(s.plain, op, () => AUTH_REQUESTS[op]?.request, key),
    ),
  '403': (s, op) =>
    it('answers 403 to a root key without the required permission', () =>
      expectForbiddenWithoutPermission(s.plain, op, () => AUTH_REQUESTS[op]?.request)),
  '412': (s, op) =>
    it('answers 412 while the workspace has no data of this source, 200 once it has', () =>
      expectNoData(s.plain, op as QueryOperation)),
  '422': (s, op) =>
    it.each(escapingQueries(op as QueryOperation))('refuses %s', (query) =>
      expectEscapeRefused(s.plain, op as QueryOperation, query),
    ),
  '429': (s, op) =>
    it('answers 429 with Retry-After once the workspace has used its request budget', () =>
      expectRateLimited(s.limited, op)),
  '500': (s, op) =>
    it('answers 500 in the API error format when the database fails unexpectedly', () =>
      expectDatabaseFailure(s.faulty, 500, op, FRESH_REQUESTS[op] ?? VALID_REQUESTS[op])),
}

const rows = statusTable().sort(
  (a, b) => a.status.localeCompare(b.status) || a.operationId.localeCompare(b.operationId),
)

for (const kind of testDatabaseKinds()) {
  const services: Services = {
    plain: useTestService({ kind }),
    limited: useTestService({ kind, ...LIMITED }),
    faulty: useTestService({ kind, ...FAULTY }),
  }
  for (const { operationId, status } of rows) {
    const test = TESTS[status]
    if (test) describe(`${operationId} → ${status} (${kind})`, () => test(services, operationId))
  }
}

describe('the status table', () => {
  const documented = documentedStatuses()
  const own = ownStatusFiles()
  const key = ({ operationId, status }: { operationId: string; status: string }) => `${operationId} ${status}`

  it('with the operations’ own status files and the cross-cutting suites, covers every documented status', () => {
    const tabled = new Set(rows.map(key))
    const missing = [...documented].flatMap(([operationId, statuses]) =>
      statuses
        .filter(
          (status) =>
            !tabled.has(key({ operationId, status })) &&
            !own.get(operationId)?.includes(status) &&
            !CROSS_CUTTING[status],
        )
        .map((status) => key({ operationId, status })),
    )
    expect(missing).toEqual([])
  })

  it('holds only documented statuses, each once, none that an own status file tests', () => {
    expect(rows.filter((r) => !documented.get(r.operationId)?.includes(r.status)).map(key)).toEqual([])
    expect(rows.length).toBe(new Set(rows.map(key)).size)
    expect(rows.filter((r) => own.get(r.operationId)?.includes(r.status)).map(key)).toEqual([])
  })

  it('has a test for each status it holds', () => {
    expect(rows.filter((r) => !TESTS[r.status]).map(key)).toEqual([])
  })

  it('names cross-cutting suites that exist and test their status', () => {
    for (const [status, file] of Object.entries(CROSS_CUTTING)) {
      const suite = path.resolve(import.meta.dirname, '..', file)
      expect(fs.existsSync(suite), suite).toBe(true)
      expect(fs.readFileSync(suite, 'utf8'), `${file} tests ${status}`).toContain(status)
    }
  })
})
