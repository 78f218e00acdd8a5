import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it403 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'keys.migrateKeys', () => ({
    migrationId: 'mig_1',
    apiId: 'api_12345678',
    keys: [{ hash: 'abcdef' }],
  }))
})
