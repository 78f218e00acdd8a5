import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.listDeployments 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  const list = (body: Record<string, unknown>, key?: string) =>
    (key ? t.clientFor(key) : t.client).raw.POST('/v2/deployments.listDeployments', { body })

  it('answers 404 when a filter names nothing in the workspace', async () => {
    for (const body of [{ project: 'prj_missing' }, { app: 'app_missing' }, { environment: 'env_missing' }]) {
      expect((await list(body)).response.status, JSON.stringify(body)).toBe(404)
    }
    const theirs = await t.fixture({ workspaceId: await t.workspace() })
    expect((await list({ app: theirs.appId })).response.status).toBe(404)
  })

  it('answers 404 for an environment the key may not read', async () => {
    const fx = await t.fixture()
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_deployment`])
    expect((await list({ environment: fx.productionEnvironmentId }, key)).response.status).toBe(404)
  })
})
