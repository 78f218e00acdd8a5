import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.verifyKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for an unknown migrationId', async () => {
    const { response, error } = await call(t, 'keys.verifyKey', {
      key: 'abc_123',
      migrationId: 'mig_unknown',
    })
    expect(response.status).toBe(404)
    expect(error?.error.type).toContain('migration_not_found')
  })
})
