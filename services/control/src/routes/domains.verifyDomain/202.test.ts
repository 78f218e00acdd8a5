import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { VERIFICATION_WINDOW_MS } from '../../domain/domain-verification.js'
import { eventually, useTestService } from '../../testing/harness.js'
import { addDomain, call, publish, uniqueDomain } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.verifyDomain 202 (%s)', (kind) => {
  const t = useTestService({ kind })
  // verifyDomain leaves the domain `pending`; the check it queues moves it on.
  const settled = (domain: string) =>
    eventually(async () => {
      const d = await t.client.domains.getDomain({ domain })
      return d.status !== 'pending' && d
    })

  it('a miss inside the 24-hour window is `verifying`, not `failed`; published records verify it', async () => {
    const fx = await t.fixture()
    const { domain, records } = await addDomain(t, fx)
    const first = await call(t, 'domains.verifyDomain', { domain })
    expect(first.status).toBe(202)
    expect(first.data.data).toEqual({})
    const missed = await settled(domain)
    expect(missed.status).toBe('verifying')
    expect(missed.verificationError).toContain(`TXT _deploy-control.${domain}`)
    expect(missed.dnsRecords.map((r) => r.verified)).toEqual([false, false])

    // Only the TXT record: still verifying, and the CNAME is named as missing.
    publish(
      t,
      records.filter((r) => r.type === 'TXT'),
    )
    await call(t, 'domains.verifyDomain', { domain })
    const half = await settled(domain)
    expect(half.status).toBe('verifying')
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

  it('on a `failed` domain starts a new 24-hour window: `pending`, then `verifying` on a miss', async () => {
    const fx = await t.fixture()
    const { domain, domainId } = await addDomain(t, fx)
    // A domain whose window ended two days ago without its records.
    const longAgo = Date.now() - 2 * VERIFICATION_WINDOW_MS
    await t.service.db.query(
      "UPDATE domains SET status = 'failed', verification_started_at = $2, created_at = $2 WHERE id = $1",
      [domainId, longAgo],
    )
    expect((await t.client.domains.getDomain({ domain })).status).toBe('failed')
    expect((await call(t, 'domains.verifyDomain', { domain })).status).toBe(202)
    const [row] = await t.service.db.query<{ verification_started_at: string }>(
      'SELECT verification_started_at FROM domains WHERE id = $1',
      [domainId],
    )
    expect(Number(row?.verification_started_at)).toBeGreaterThan(longAgo + VERIFICATION_WINDOW_MS)
    // Still missing, but inside the new window: not `failed` again.
    expect((await settled(domain)).status).toBe('verifying')
  })

  it('verifies an apex domain through its ALIAS addresses', async () => {
    const fx = await t.fixture()
    const { domain, records } = await addDomain(t, fx, uniqueDomain(true))
    publish(t, records)
    await call(t, 'domains.verifyDomain', { domain })
    expect((await settled(domain)).status).toBe('verified')
  })
})
