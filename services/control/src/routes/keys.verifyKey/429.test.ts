import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it429, LIMITED } from '../../../test/statuses.js'

describe.each(testDatabaseKinds())('keys.verifyKey 429 (%s)', (kind) => {
  const t = useService(kind, LIMITED)
  it429(t, 'keys.verifyKey', { key: 'acme_3ZaBtWs9k8L2mNpQ7rVx4yZ1' })
})
