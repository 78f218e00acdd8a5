import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('ratelimit.getOverride 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'ratelimit.getOverride')
})
