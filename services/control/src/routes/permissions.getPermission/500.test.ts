import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { FAULTY, it500 } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('permissions.getPermission 500 (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  it500(t, 'permissions.getPermission')
})
