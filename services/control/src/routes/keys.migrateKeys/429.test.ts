import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'keys.migrateKeys', {
    migrationId: 'mig_legacy_auth',
    apiId: 'api_1mXc4Ke7Tq2Yb9',
    keys: [
      {
        hash: '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
        name: 'Legacy key of customer 8412',
        externalId: 'customer_8412',
      },
      { hash: '6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b', enabled: false },
    ],
  })
})
