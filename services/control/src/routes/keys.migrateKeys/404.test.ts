import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown API or migration', async () => {
    const keys = [{ hash: 'abcdef0123' }]
    expect(
      (await call(t, 'keys.migrateKeys', { migrationId: 'mig_x', apiId: 'api_unknown123', keys })).response
        .status,
    ).toBe(404)
    const apiId = await newApi(t)
    const { response, error } = await call(t, 'keys.migrateKeys', { migrationId: 'mig_unknown', apiId, keys })
    expect(response.status).toBe(404)
    expect(error?.error.type).toContain('migration_not_found')
  })
})
