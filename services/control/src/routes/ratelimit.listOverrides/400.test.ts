import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'ratelimit.listOverrides', [
    [{ namespace: 'api', cursor: '!!' }, 'body.cursor'],
    [{ namespace: 'api', limit: 0 }, 'body.limit'],
    [{}, 'body.namespace'],
  ])
})
