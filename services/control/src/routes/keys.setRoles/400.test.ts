import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.setRoles 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.setRoles', [
    [{ keyId: 'key_1234' }, 'body.roles'],
    [{ roles: [] }, 'body.keyId'],
  ])
})
