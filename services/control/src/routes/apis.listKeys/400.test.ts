import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apis.listKeys 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.apiId'],
    [{ apiId: 'api_12345678', limit: 101 }, 'body.limit'],
    [{ apiId: 'api_12345678', cursor: 'not-a-cursor' }, 'body.cursor'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apis.listKeys', body, location))
})
