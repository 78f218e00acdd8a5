import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { addDomain, call, publish, uniqueDomain } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.verifyDomain 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  const settled = (domain: string) =>
    eventually(async () => {
      const d = await t.client.domains.getDomain({ domain })
      return d.status !== 'verifying' && d
    })

  it('fails while the records are missing, then verifies once they are published', async () => {
    const fx = await t.fixture()
    const { domain, records } = await addDomain(t, fx)
    const first = await call(t, 'domains.verifyDomain', { domain })
    expect(first.status).toBe(202)
    expect(first.data.data).toEqual({})
    const failed = await settled(domain)
    expect(failed.status).toBe('failed')
    expect(failed.verificationError).toContain(`TXT _deploy-control.${domain}`)
    expect(failed.dnsRecords.map((r) => r.verified)).toEqual([false, false])

    // Only the TXT record: still failed, and the CNAME is named as missing.
    publish(
      t,
      records.filter((r) => r.type === 'TXT'),
    )
    await call(t, 'domains.verifyDomain', { domain })
    const half = await settled(domain)
    expect(half.status).toBe('failed')
    expect(half.dnsRecords.map((r) => [r.type, r.verified])).toEqual([
      ['CNAME', false],
      ['TXT', true],
    ])
    expect(half.verificationError).toContain(`CNAME ${domain}`)

    publish(t, records)
    expect((await call(t, 'domains.verifyDomain', { domain })).status).toBe(202)
    const verified = await settled(domain)
    expect(verified.status).toBe('verified')
    expect(verified.verificationError).toBeUndefined()
    expect(verified.dnsRecords.every((r) => r.verified)).toBe(true)
  })

  it('verifies an apex domain through its ALIAS addresses', async () => {
    const fx = await t.fixture()
    const { domain, records } = await addDomain(t, fx, uniqueDomain(true))
    publish(t, records)
    await call(t, 'domains.verifyDomain', { domain })
    expect((await settled(domain)).status).toBe('verified')
  })
})
