import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.getApi 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'apis.getApi', [
    [{}, 'body.apiId'],
    [{ apiId: 'api_1', x: 1 }, 'body.x'],
  ])
})
