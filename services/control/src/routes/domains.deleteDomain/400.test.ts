import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('domains.deleteDomain 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.domain'],
    [{ domain: 'a.b' }, 'body.domain'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'domains.deleteDomain', body, location))
})
