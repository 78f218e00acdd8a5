import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apis.createApi 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.name'],
    [{ name: 'ab' }, 'body.name'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apis.createApi', body, location))
})
