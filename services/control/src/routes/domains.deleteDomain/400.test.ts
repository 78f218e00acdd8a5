import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('domains.deleteDomain 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'domains.deleteDomain', [
    [{}, 'body.domain'],
    [{ domain: 'a.b' }, 'body.domain'],
  ])
})
