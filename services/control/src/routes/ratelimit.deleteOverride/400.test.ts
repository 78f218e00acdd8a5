import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.deleteOverride 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'ratelimit.deleteOverride', [
    [{ namespace: 'api' }, 'body.identifier'],
    [{ namespace: 'api', identifier: 'a', extra: true }, 'body.extra'],
  ])
})
