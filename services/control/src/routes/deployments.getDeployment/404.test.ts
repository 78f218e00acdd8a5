import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.getDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  const get = (key: string, deploymentId: string) =>
    t.clientFor(key).raw.POST('/v2/deployments.getDeployment', { body: { deploymentId } })

  it('answers 404 for an unknown deployment, and the same for one the key may not read', async () => {
    const fx = await t.fixture()
    const unknown = await get(t.service.rootKey, 'd_unknown_1')
    expect(unknown.response.status).toBe(404)
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_deployment`])
    const hidden = await get(key, fx.v1)
    expect(hidden.response.status).toBe(404)
    expect(hidden.error?.error.type).toBe(unknown.error?.error.type)
  })

  it('answers 404 for a deployment of another workspace', async () => {
    const theirs = await t.fixture({ workspaceId: await t.workspace() })
    expect((await get(t.service.rootKey, theirs.v1)).response.status).toBe(404)
  })
})
