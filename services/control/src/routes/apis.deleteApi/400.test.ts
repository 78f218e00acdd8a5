import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apis.deleteApi 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.apiId'],
    [{ apiId: 'has space!' }, 'body.apiId'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apis.deleteApi', body, location))
})
