import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.migrateKeys', [
    [{ migrationId: 'mig_1', apiId: 'api_1234' }, 'body.keys'],
    [{ migrationId: 'mig_1', apiId: 'api_1234', keys: [] }, 'body.keys'],
  ])
})
