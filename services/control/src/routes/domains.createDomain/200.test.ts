import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production, uniqueDomain } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.createDomain 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers with a CNAME to the edge and a TXT verification token; the domain is pending', async () => {
    const fx = await t.fixture()
    const domain = uniqueDomain()
    const answer = await call(t, 'domains.createDomain', { ...production(fx), domain: domain.toUpperCase() })
    expect(answer.status).toBe(200)
    const { domainId, dnsRecords } = answer.data.data
    expect(domainId).toMatch(/^dom_/)
    expect(dnsRecords).toEqual([
      { type: 'CNAME', name: domain, value: 'cname.deploy-control.app', ttl: 300, verified: false },
      expect.objectContaining({
        type: 'TXT',
        name: `_deploy-control.${domain}`,
        value: expect.stringMatching(/^dc-verify=[A-Za-z0-9]{24}$/),
        verified: false,
      }),
    ])
    const got = await t.client.domains.getDomain({ domain })
    expect(got).toMatchObject({
      id: domainId,
      domain,
      status: 'pending',
      projectId: fx.projectId,
      appId: fx.appId,
      environmentId: fx.productionEnvironmentId,
      dnsRecords,
    })
  })

  it('asks for an ALIAS record on an apex domain', async () => {
    const fx = await t.fixture()
    const domain = uniqueDomain(true)
    const answer = await call(t, 'domains.createDomain', { ...production(fx), domain })
    expect(answer.data.data.dnsRecords.map((r: { type: string }) => r.type)).toEqual(['ALIAS', 'TXT'])
  })
})
