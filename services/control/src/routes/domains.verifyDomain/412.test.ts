import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { addDomain, call, publish } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.verifyDomain 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 412 once the domain is verified', async () => {
    const fx = await t.fixture()
    const { domain, records } = await addDomain(t, fx)
    publish(t, records)
    await call(t, 'domains.verifyDomain', { domain })
    await eventually(async () => (await t.client.domains.getDomain({ domain })).status === 'verified')
    const again = await call(t, 'domains.verifyDomain', { domain })
    expect(again.status).toBe(412)
    expect(again.error.error.detail).toContain('already verified')
    expect((await call(t, 'domains.verifyDomain', { domain: 'checkout.acme-shop.example' })).status).toBe(412)
  })
})
