import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { addDomain, call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.deleteApp 202 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('accepts the deletion, then removes the app with environments, deployments, domains and variables', async () => {
    const fx = await t.fixture()
    const { domain } = await addDomain(t, fx)
    await t.client.environments.setEnvironmentVariables({
      ...production(fx),
      variables: [{ key: 'A', value: 'b' }],
    })
    // A finished rollback leaves operations and traffic switches behind: they go too.
    await t.client.deployments.rollbackDeployment({ deploymentId: fx.v1 })
    await eventually(
      async () => (await t.client.deployments.getDeployment({ deploymentId: fx.v1 })).isCurrent,
    )

    const answer = await call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appSlug })
    expect(answer.status).toBe(202)
    expect(answer.data.data).toEqual({})
    await eventually(
      async () => (await call(t, 'apps.getApp', { project: fx.projectId, app: fx.appId })).status === 404,
    )
    expect((await call(t, 'domains.getDomain', { domain })).status).toBe(404)
    expect((await call(t, 'deployments.getDeployment', { deploymentId: fx.v1 })).status).toBe(404)
    for (const table of [
      'environments',
      'deployments',
      'deployment_operations',
      'traffic_switches',
      'domains',
    ]) {
      expect(await t.service.db.query(`SELECT 1 FROM ${table} WHERE app_id = $1`, [fx.appId]), table).toEqual(
        [],
      )
    }
    expect(
      await t.service.db.query('SELECT 1 FROM environment_variables WHERE environment_id = $1', [
        fx.productionEnvironmentId,
      ]),
    ).toEqual([])
    // A second delete of a deleted app is a 404; the name can be used again.
    expect((await call(t, 'apps.deleteApp', { project: fx.projectId, app: fx.appId })).status).toBe(404)
    expect((await call(t, 'domains.createDomain', { ...production(await t.fixture()), domain })).status).toBe(
      200,
    )
  })
})
