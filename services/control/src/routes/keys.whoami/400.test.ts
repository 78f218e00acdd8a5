import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.whoami 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.key'],
    [{ key: '' }, 'body.key'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.whoami', body, location))
})
