import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.getOverride 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ namespace: 'api' }, 'body.identifier'],
    [{ identifier: 'a' }, 'body.namespace'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'ratelimit.getOverride', body, location))
})
