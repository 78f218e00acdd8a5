import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.createDeployment 201 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('deploys a prebuilt image through the same state machine, with steps and runtime logs', async () => {
    const fx = await t.fixture()
    const answer = await call(t, 'deploy.createDeployment', {
      project: fx.projectSlug,
      app: fx.appSlug,
      environmentSlug: 'production',
      branch: 'main',
      dockerImage: 'ghcr.io/acme/api:42',
      keyspaceId: 'ks_123',
      gitCommit: { commitSha: 'b'.repeat(40), commitMessage: 'Faster checkout', authorHandle: 'ada' },
    })
    expect(answer.status).toBe(201)
    const deploymentId = answer.data.data.deploymentId
    expect(deploymentId).toMatch(/^d_[A-Za-z0-9]+$/)
    await eventually(async () => (await t.client.deployments.getDeployment({ deploymentId })).isCurrent)
    const full = await t.client.deployments.getDeployment({ deploymentId })
    expect(full).toMatchObject({
      status: 'ready',
      docker: { image: 'ghcr.io/acme/api:42' },
      git: { commitSha: 'b'.repeat(40), branch: 'main' },
    })
    const old = await call(t, 'deploy.getDeployment', { deploymentId })
    expect(old.data.data.status).toBe('READY')
    expect(old.data.data.steps.map((s: { status: string }) => s.status)).toEqual([
      'PENDING',
      'BUILDING',
      'DEPLOYING',
      'NETWORK',
      'FINALIZING',
      'READY',
    ])
    const logs = await t.service.db.query<{
      level: string
      message: string
      app_id: string
      environment_id: string
    }>(
      'SELECT level, message, app_id, environment_id FROM runtime_logs WHERE deployment_id = $1 ORDER BY time',
      [deploymentId],
    )
    expect(logs).toHaveLength(6)
    expect(logs.every((l) => l.app_id === fx.appId && l.environment_id === fx.productionEnvironmentId)).toBe(
      true,
    )
  })
})
