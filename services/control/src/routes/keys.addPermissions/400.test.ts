import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.addPermissions 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.addPermissions', [
    [{ keyId: 'key_1234', permissions: [] }, 'body.permissions'],
    [{ permissions: ['a'] }, 'body.keyId'],
  ])
})
