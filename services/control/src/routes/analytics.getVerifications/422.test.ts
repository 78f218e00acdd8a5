import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { insertVerifications } from '../../testing/analytics-rows.js'
import { useTestService } from '../../testing/harness.js'

/** Every way out of the workspace's own read-only rows that the API refuses as 422. */
describe.each(testDatabaseKinds())('analytics.getVerifications 422 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    // other tables
    'SELECT * FROM root_keys',
    'SELECT * FROM public.key_verifications',
    'SELECT * FROM analytics_key_verifications',
    'SELECT * FROM key_verifications WHERE key_id IN (SELECT id FROM root_keys)',
    'SELECT key_id FROM key_verifications UNION SELECT hash FROM root_keys',
    'SELECT * FROM ratelimits',
    'SELECT * FROM pg_catalog.pg_roles',
    'SELECT * FROM generate_series(1, 10)',
    'WITH r AS (SELECT * FROM root_keys) SELECT * FROM r',
    // writes and DDL
    "INSERT INTO key_verifications (workspace_id, outcome) VALUES ('ws_local', 'VALID')",
    "UPDATE key_verifications SET outcome = 'X'",
    'DELETE FROM key_verifications',
    'DROP TABLE key_verifications',
    'TRUNCATE key_verifications',
    // multiple statements, comment tricks
    'SELECT 1; DELETE FROM key_verifications',
    'SELECT 1 /* ; */ ; DROP TABLE root_keys',
    // functions with side effects or reach outside
    'SELECT pg_sleep(10)',
    "SELECT set_config('app.workspace_id', 'ws_other', true)",
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT dblink('host=localhost', 'SELECT 1')",
    "SELECT nextval('ratelimit_decisions_id_seq')",
    "SELECT lo_import('/etc/passwd')",
    'SELECT lo_creat(-1)',
    "SELECT current_setting('is_superuser')",
    "SELECT 'root_keys'::regclass",
    'SELECT txid_current()',
  ])('refuses %s', async (query) => {
    const { response, error } = await t.client.raw.POST('/v2/analytics.getVerifications', { body: { query } })
    expect(response.status).toBe(422)
    expect(error?.error.title).toBe('Unprocessable Entity')
  })

  it('never shows rows of another workspace, whatever the query', async () => {
    const other = await t.workspace()
    await insertVerifications(t.service.db, other, [
      { keyId: 'key_of_other_ws', outcome: 'VALID', at: Date.now() },
    ])
    for (const query of [
      'SELECT * FROM key_verifications',
      "SELECT * FROM key_verifications WHERE key_id = 'key_of_other_ws' OR true",
      'SELECT k.* FROM key_verifications k CROSS JOIN key_verifications j',
    ]) {
      const { data } = await t.client.raw.POST('/v2/analytics.getVerifications', { body: { query } })
      expect(JSON.stringify(data?.data)).not.toContain('key_of_other_ws')
    }
  })
})
