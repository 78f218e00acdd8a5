import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.deleteDomain 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without delete_domain and keeps the domain', async () => {
    const fx = await t.fixture()
    const { domain } = await addDomain(t, fx)
    const key = await t.key(['environment.*.read_domain'])
    expect((await call(t, 'domains.deleteDomain', { domain }, key)).status).toBe(403)
    expect((await call(t, 'domains.getDomain', { domain })).status).toBe(200)
  })
})
