/**
 * The status assertions the three query-string analytics operations (gateway requests, rate
 * limits, runtime logs) share word for word: `generic-statuses.test.ts` runs each for each operation.
 */
import { expect } from 'vitest'
import { type AnalyticsOperation, analyticsKey, SOURCES } from './analytics-fixtures.js'
import { locationsOf, type TestService } from './harness.js'
import { call } from './keys-fixtures.js'

export type QueryOperation = Exclude<AnalyticsOperation, 'analytics.getVerifications'>

/** Queries that do not parse or name an unknown column (`expectInvalidQuery`). */
export const invalidQueries = (op: QueryOperation): string[] => [
  'SELEC 1',
  'SELECT FROM WHERE',
  `SELECT no_such_column FROM ${SOURCES[op].table}`,
]

/** 400 with `errors[]` at `body.query` for `query`. */
export async function expectInvalidQuery(t: TestService, op: QueryOperation, query: string): Promise<void> {
  const { key } = await analyticsKey(t, op)
  const { response, error } = await call(t, op, { query }, key)
  expect(response.status).toBe(400)
  expect(locationsOf(error)).toEqual(['body.query'])
}

/** 400 for a missing or non-string query. */
export async function expectQueryRequired(t: TestService, op: QueryOperation): Promise<void> {
  const { key } = await analyticsKey(t, op)
  expect((await call(t, op, {}, key)).response.status).toBe(400)
  expect(locationsOf((await call(t, op, { query: 42 }, key)).error)).toEqual(['body.query'])
}

/** 412 while the workspace has no data of the operation's source yet; 200 once it has. */
export async function expectNoData(t: TestService, op: QueryOperation): Promise<void> {
  const { key, workspaceId } = await analyticsKey(t, op, { empty: true })
  const query = `SELECT count(*) AS n FROM ${SOURCES[op].table}`
  const none = await call(t, op, { query }, key)
  expect(none.response.status).toBe(412)
  expect(none.error?.error.type).toBe(
    'https://docs.deploy-control.dev/errors/application/precondition_failed',
  )
  await SOURCES[op].seed(t, workspaceId)
  const some = await call(t, op, { query }, key)
  expect(some.response.status).toBe(200)
  expect(some.data?.data).toEqual([{ n: 1 }])
}

/** Reads of other tables, writes, several statements and side-effecting functions (`expectEscapeRefused`). */
export function escapingQueries(op: QueryOperation): string[] {
  const table = SOURCES[op].table
  const otherTable = table === 'key_verifications' ? 'runtime_logs' : 'key_verifications'
  return [
    'SELECT * FROM root_keys',
    `SELECT * FROM ${otherTable}`,
    `DELETE FROM ${table}`,
    `SELECT 1; DROP TABLE ${table}`,
    'SELECT pg_sleep(10)',
  ]
}

/** 422 for a query that reaches beyond the operation's own source. */
export async function expectEscapeRefused(t: TestService, op: QueryOperation, query: string): Promise<void> {
  const { key } = await analyticsKey(t, op)
  const { response, error } = await call(t, op, { query }, key)
  expect(response.status).toBe(422)
  expect(error?.error.title).toBe('Unprocessable Entity')
}
