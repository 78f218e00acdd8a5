import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('domains.getDomain 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'domains.getDomain', [
    [{}, 'body.domain'],
    [{ domain: 'x'.repeat(254) }, 'body.domain'],
  ])
})
