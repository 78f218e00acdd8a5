import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ namespace: 'api', identifier: 'a', limit: -1, duration: 1000 }, 'body.limit'],
    [{ namespace: 'api', limit: 1, duration: 1000 }, 'body.identifier'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'ratelimit.setOverride', body, location))
})
