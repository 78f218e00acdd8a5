import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.rerollKey 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.rerollKey', [
    [{ keyId: 'key_1234' }, 'body.expiration'],
    [{ keyId: 'key_1234', expiration: -1 }, 'body.expiration'],
  ])
})
