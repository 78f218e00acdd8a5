import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.verifyKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.key'],
    [{ key: 'sk_1', credits: { cost: -1 } }, 'body.credits.cost'],
    [{ key: 'sk_1', permissions: 'a AND (b' }, 'body.permissions'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.verifyKey', body, location))
})
