import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.createPermission 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ name: 'Read' }, 'body.slug'],
    [{ name: 'Read', slug: 'bad slug' }, 'body.slug'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.createPermission', body, location))
})
