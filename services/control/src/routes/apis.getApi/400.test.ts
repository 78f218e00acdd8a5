import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('apis.getApi 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.apiId'],
    [{ apiId: 'api_1', x: 1 }, 'body.x'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'apis.getApi', body, location))
})
