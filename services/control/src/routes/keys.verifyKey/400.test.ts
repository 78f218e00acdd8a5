import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.verifyKey 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.verifyKey', [
    [{}, 'body.key'],
    [{ key: 'sk_1', credits: { cost: -1 } }, 'body.credits.cost'],
    [{ key: 'sk_1', permissions: 'a AND (b' }, 'body.permissions'],
  ])
})
