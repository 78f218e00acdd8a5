import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.deletePermission 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'permissions.deletePermission', [
    [{}, 'body.permission'],
    [{ permission: 'bad slug' }, 'body.permission'],
  ])
})
