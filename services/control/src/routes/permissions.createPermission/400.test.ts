import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.createPermission 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'permissions.createPermission', [
    [{ name: 'Read' }, 'body.slug'],
    [{ name: 'Read', slug: 'bad slug' }, 'body.slug'],
  ])
})
