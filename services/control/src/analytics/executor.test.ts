/**
 * The database fence alone, without the parser: raw SQL run by executeConfined must not write,
 * read other tables or workspaces, or run past the timeout.
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertVerifications } from '../testing/analytics-rows.js'
import { useTestService } from '../testing/harness.js'
import { executeConfined } from './executor.js'

describe.each(testDatabaseKinds())('analytics executor fence (%s)', (kind) => {
  const t = useTestService({ kind })
  const run = (sql: string, workspaceId = 'ws_local', timeoutMs = 1000) =>
    executeConfined(t.service.db, sql, { workspaceId, timeoutMs })

  it.each([
    'SELECT * FROM root_keys',
    'SELECT * FROM key_verifications',
    'SELECT * FROM analytics_scopes',
    "INSERT INTO analytics_scopes VALUES (1, 'ws_other')",
    'DELETE FROM analytics_key_verifications',
    'CREATE TABLE evil (id int)',
    "SELECT nextval('ratelimit_decisions_id_seq')",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT set_config('role', 'postgres', true)",
    'RESET ROLE',
    'SELECT 1; RESET ROLE',
    'SELECT 1) AS q; SET ROLE postgres; SELECT (1',
    'WITH d AS (DELETE FROM analytics_key_verifications RETURNING *) SELECT * FROM d',
    'SELECT * FROM analytics_key_verifications FOR UPDATE',
  ])('refuses %s', async (sql) => {
    const outcome = await run(sql)
    expect(outcome.ok).toBe(false)
  })

  it('shows only the registered workspace, even to a query that changes settings', async () => {
    const a = await t.workspace()
    const b = await t.workspace()
    await insertVerifications(t.service.db, a, [{ keyId: 'key_in_a', outcome: 'VALID', at: Date.now() }])
    await insertVerifications(t.service.db, b, [{ keyId: 'key_in_b', outcome: 'VALID', at: Date.now() }])
    const plain = await run('SELECT key_id FROM analytics_key_verifications', a)
    expect(plain).toEqual({ ok: true, rows: [{ key_id: 'key_in_a' }] })
    const sneaky = await run(
      `SELECT key_id FROM analytics_key_verifications WHERE set_config('app.workspace_id', '${b}', true) IS NOT NULL`,
      a,
    )
    expect(sneaky).toEqual({ ok: true, rows: [{ key_id: 'key_in_a' }] })
    // A failing cast in a user condition must not reveal rows the workspace filter hides.
    const leak = await run(
      "SELECT 1 FROM analytics_key_verifications WHERE key_id::int = 1 AND key_id <> 'key_in_a'",
      a,
    )
    expect(JSON.stringify(leak)).not.toContain('key_in_b')
    // Nothing was committed: the scope row is gone.
    expect(await t.service.db.query('SELECT * FROM analytics_scopes')).toEqual([])
  })

  it('leaves nothing behind even when a function writes', async () => {
    const before = await t.service.db.query('SELECT count(*)::int AS n FROM pg_largeobject_metadata')
    await run('SELECT lo_creat(-1)')
    expect(await t.service.db.query('SELECT count(*)::int AS n FROM pg_largeobject_metadata')).toEqual(before)
  })

  it.skipIf(kind === 'pglite')('stops a query at the statement timeout', async () => {
    const started = Date.now()
    const outcome = await run('SELECT pg_sleep(60)', 'ws_local', 300)
    expect(outcome).toMatchObject({ ok: false, kind: 'timeout' })
    // Stopped, not run to its end (a bound a loaded machine holds).
    expect(Date.now() - started).toBeLessThan(20_000)
  })
})
