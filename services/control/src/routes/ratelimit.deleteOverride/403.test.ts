import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.deleteOverride 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs delete_override on the namespace, and deletes nothing without it', async () => {
    const { namespace, identifier } = await withOverride(t)
    const reader = await t.key(['ratelimit.*.read_override'])
    const denied = await call(t, 'ratelimit.deleteOverride', { namespace, identifier }, reader)
    expect(denied.response.status).toBe(403)
    expect((await call(t, 'ratelimit.getOverride', { namespace, identifier })).response.status).toBe(200)
  })
})
