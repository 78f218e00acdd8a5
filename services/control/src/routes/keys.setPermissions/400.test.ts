import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.setPermissions 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.setPermissions', [
    [{ keyId: 'key_1234' }, 'body.permissions'],
    [{ permissions: [] }, 'body.keyId'],
  ])
})
