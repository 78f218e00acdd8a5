import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it403 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.updateIdentity 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'identities.updateIdentity', () => ({ identity: 'user_1' }))
})
