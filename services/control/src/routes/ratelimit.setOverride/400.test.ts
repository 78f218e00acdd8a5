import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'ratelimit.setOverride', [
    [{ namespace: 'api', identifier: 'a', limit: -1, duration: 1000 }, 'body.limit'],
    [{ namespace: 'api', limit: 1, duration: 1000 }, 'body.identifier'],
  ])
})
