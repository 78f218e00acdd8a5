import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs read_override on the namespace', async () => {
    const { namespace } = await withOverride(t)
    const writer = await t.key([`ratelimit/${namespace}#set_override`])
    expect((await call(t, 'ratelimit.listOverrides', { namespace }, writer)).response.status).toBe(403)
    const reader = await t.key([`ratelimit/${namespace}#read_override`])
    expect((await call(t, 'ratelimit.listOverrides', { namespace }, reader)).response.status).toBe(200)
  })
})
