import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call } from '../../../test/platform.js'

describe.each(testDatabaseKinds())('domains.verifyDomain 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for a domain that is not attached', async () => {
    expect((await call(t, 'domains.verifyDomain', { domain: 'missing.example.net' })).status).toBe(404)
  })
})
