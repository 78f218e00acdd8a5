import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.getKey 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.getKey', [
    [{}, 'body.keyId'],
    [{ keyId: 'key_1', decrypt: 'yes' }, 'body.decrypt'],
  ])
})
