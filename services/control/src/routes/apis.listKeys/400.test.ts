import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.listKeys 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'apis.listKeys', [
    [{}, 'body.apiId'],
    [{ apiId: 'api_12345678', limit: 101 }, 'body.limit'],
    [{ apiId: 'api_12345678', cursor: 'not-a-cursor' }, 'body.cursor'],
  ])
})
