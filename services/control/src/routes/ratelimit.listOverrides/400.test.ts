import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ namespace: 'api', cursor: '!!' }, 'body.cursor'],
    [{ namespace: 'api', limit: 0 }, 'body.limit'],
    [{}, 'body.namespace'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'ratelimit.listOverrides', body, location))
})
