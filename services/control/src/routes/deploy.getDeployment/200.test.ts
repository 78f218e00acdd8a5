import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { addDomain, call, production, publish } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.getDeployment 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('shows the upper-case status, the verified custom domains of a live deployment, and the failure message', async () => {
    const fx = await t.fixture({ withCurrent: false })
    const { domain, records } = await addDomain(t, fx)
    publish(t, records)
    await call(t, 'domains.verifyDomain', { domain })
    await eventually(async () => (await t.client.domains.getDomain({ domain })).status === 'verified')
    const { deploymentId } = await t.client.deployments.createDeployment({
      ...production(fx),
      image: { dockerImage: 'img:1' },
    })
    const live = await eventually(async () => {
      const a = await call(t, 'deploy.getDeployment', { deploymentId })
      return a.data.data.status === 'READY' && a.data.data
    })
    expect(live.hostnames).toContain(domain)
    expect(live.id).toBe(deploymentId)

    // A build over the CPU quota fails in the deploying step with a message.
    await call(t, 'environments.updateSettings', { ...production(fx), vCpus: 64 })
    const failing = await t.client.deployments.createDeployment({
      ...production(fx),
      image: { dockerImage: 'img:2' },
    })
    const failed = await eventually(async () => {
      const a = await call(t, 'deploy.getDeployment', { deploymentId: failing.deploymentId })
      return a.data.data.status === 'FAILED' && a.data.data
    })
    expect(failed.errorMessage).toContain('vCPUs')
    expect(failed.steps.at(-1)).toMatchObject({ status: 'FAILED', errorMessage: failed.errorMessage })
    const full = await t.client.deployments.getDeployment({ deploymentId: failing.deploymentId })
    expect(full.error).toMatchObject({ code: 'cpu_quota_exceeded', step: 'deploying' })
    expect(full.availableActions).toEqual([])
  })
})
