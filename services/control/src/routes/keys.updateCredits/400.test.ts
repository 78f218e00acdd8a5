import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.updateCredits 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.updateCredits', [
    [{ keyId: 'key_1234' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'double' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'increment' }, 'body.value'],
  ])
})
