import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('permissions.getPermission 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.permission'],
    [{ permission: 'bad slug' }, 'body.permission'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'permissions.getPermission', body, location))
})
