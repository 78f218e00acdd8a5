import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it403 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createRole 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'permissions.createRole', () => ({ name: 'editor' }))
})
