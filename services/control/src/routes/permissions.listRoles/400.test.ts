import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.listRoles 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'permissions.listRoles', [
    [{ limit: 0 }, 'body.limit'],
    [{ cursor: 'garbage' }, 'body.cursor'],
  ])
})
