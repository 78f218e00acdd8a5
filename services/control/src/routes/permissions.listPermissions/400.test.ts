import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.listPermissions 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'permissions.listPermissions', [
    [{ limit: 1000 }, 'body.limit'],
    [{ cursor: 'garbage' }, 'body.cursor'],
  ])
})
