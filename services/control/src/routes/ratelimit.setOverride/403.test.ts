import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { newNamespace } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs set_override on the namespace', async () => {
    const namespace = await newNamespace(t)
    const body = { namespace, identifier: 'a', limit: 1, duration: 1000 }
    const reader = await t.key(['ratelimit.*.read_override'])
    const denied = await call(t, 'ratelimit.setOverride', body, reader)
    expect(denied.response.status).toBe(403)
    expect(denied.error?.error.type).toBe(
      'https://docs.deploy-control.dev/errors/authorization/insufficient_permissions',
    )
    const writer = await t.key([`ratelimit/${namespace}#set_override`])
    expect((await call(t, 'ratelimit.setOverride', body, writer)).response.status).toBe(200)
  })
})
