/**
 * The status tests the three query-string analytics operations (gateway requests, rate limits,
 * runtime logs) share word for word: `generic-statuses.test.ts` runs each for each operation.
 */
import { expect, it } from 'vitest'
import { type AnalyticsOperation, analyticsKey, SOURCES } from './analytics-fixtures.js'
import { locationsOf, type TestContext } from './harness.js'
import { call } from './keys-fixtures.js'

export type QueryOperation = Exclude<AnalyticsOperation, 'analytics.getVerifications'>

/** 400: a query that does not parse, names an unknown column, is missing or is not a string. */
export function itRejectsInvalidQuery(t: TestContext, op: QueryOperation): void {
  const table = SOURCES[op].table

  it.each(['SELEC 1', 'SELECT FROM WHERE', `SELECT no_such_column FROM ${table}`])(
    'answers 400 with errors[] at body.query for %s',
    async (query) => {
      const { key } = await analyticsKey(t, op)
      const { response, error } = await call(t, op, { query }, key)
      expect(response.status).toBe(400)
      expect(locationsOf(error)).toEqual(['body.query'])
    },
  )

  it('answers 400 for a missing or non-string query', async () => {
    const { key } = await analyticsKey(t, op)
    expect((await call(t, op, {}, key)).response.status).toBe(400)
    expect(locationsOf((await call(t, op, { query: 42 }, key)).error)).toEqual(['body.query'])
  })
}

/** 412: the workspace has no data of the operation's source yet; 200 once it has. */
export function itAnswersNoData(t: TestContext, op: QueryOperation): void {
  it('answers 412 while the workspace has no data of this source, 200 once it has', async () => {
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
  })
}

/** 422: reads of other tables, writes, several statements and side-effecting functions. */
export function itRefusesEscapes(t: TestContext, op: QueryOperation): void {
  const table = SOURCES[op].table
  const otherTable = table === 'key_verifications' ? 'runtime_logs' : 'key_verifications'

  it.each([
    'SELECT * FROM root_keys',
    `SELECT * FROM ${otherTable}`,
    `DELETE FROM ${table}`,
    `SELECT 1; DROP TABLE ${table}`,
    'SELECT pg_sleep(10)',
  ])('refuses %s', async (query) => {
    const { key } = await analyticsKey(t, op)
    const { response, error } = await call(t, op, { query }, key)
    expect(response.status).toBe(422)
    expect(error?.error.title).toBe('Unprocessable Entity')
  })
}
