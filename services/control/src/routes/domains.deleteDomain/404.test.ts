import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.deleteDomain 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for a domain that is not attached', async () => {
    expect((await call(t, 'domains.deleteDomain', { domain: 'never-attached.example.org' })).status).toBe(404)
  })
})
