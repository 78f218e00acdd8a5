import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.deleteOverride 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ namespace: 'api' }, 'body.identifier'],
    [{ namespace: 'api', identifier: 'a', extra: true }, 'body.extra'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'ratelimit.deleteOverride', body, location))
})
