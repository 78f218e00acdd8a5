import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it403 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.deleteKey 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'keys.deleteKey', () => ({ keyId: 'key_1234567890abcd' }))
})
