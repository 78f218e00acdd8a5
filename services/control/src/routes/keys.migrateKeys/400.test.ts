import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.migrateKeys 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ migrationId: 'mig_1', apiId: 'api_1234' }, 'body.keys'],
    [{ migrationId: 'mig_1', apiId: 'api_1234', keys: [] }, 'body.keys'],
    // Its schema leaves the slugs free; a permission's own schema (as listed later) does not.
    [
      {
        migrationId: 'mig_1',
        apiId: 'api_1234',
        keys: [{ hash: 'abc', permissions: ['ok.read', 'NK!_vq?'] }],
      },
      'body.keys[0].permissions[1]',
    ],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.migrateKeys', body, location))
})
