import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it403 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.createApi 403 (%s)', (kind) => {
  const t = useService(kind)
  it403(t, 'apis.createApi', () => ({ name: 'my-api' }))
})
