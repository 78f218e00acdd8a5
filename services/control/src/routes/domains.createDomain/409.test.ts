import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 409 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 409 when the domain is attached anywhere, even in another workspace', async () => {
    const fx = await t.fixture()
    const { domain } = await addDomain(t, fx)
    expect((await call(t, 'domains.createDomain', { ...production(fx), domain })).status).toBe(409)
    const other = await t.fixture({ workspaceId: await t.workspace() })
    const key = await t.key(['environment.*.create_domain'], { workspaceId: other.workspaceId })
    const elsewhere = await call(
      t,
      'domains.createDomain',
      { ...production(other), domain: `${domain}.` },
      key,
    )
    expect(elsewhere.status).toBe(409)
  })
})
