import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('github.installApp 401 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([undefined, 'ck_nope'])('answers 401 for key %s', async (key) => {
    expect((await t.clientFor(key).raw.POST('/v2/github.installApp', {})).response.status).toBe(401)
  })
})
