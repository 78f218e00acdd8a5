import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.getDomain 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('finds a domain by name or id', async () => {
    const fx = await t.fixture()
    const { domain, domainId } = await addDomain(t, fx)
    for (const ref of [domain, domainId]) {
      const answer = await call(t, 'domains.getDomain', { domain: ref })
      expect(answer.status).toBe(200)
      expect(answer.data.data.id).toBe(domainId)
    }
  })

  it('shows the seeded verified domain', async () => {
    const got = await t.client.domains.getDomain({ domain: 'checkout.acme-shop.example' })
    expect(got.status).toBe('verified')
    expect(got.dnsRecords.every((r) => r.verified)).toBe(true)
  })
})
