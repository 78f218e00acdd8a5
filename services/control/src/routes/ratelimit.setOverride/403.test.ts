import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call } from '../../../test/keys-fixtures.js'
import { newNamespace } from '../../../test/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 403 (%s)', (kind) => {
  const t = useService(kind)

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
