import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.rollbackDeployment 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  const rollback = (key: string, deploymentId: string) =>
    t.clientFor(key).raw.POST('/v2/deployments.rollbackDeployment', { body: { deploymentId } })
  /** The error body without its request id, which differs per request. */
  const problemOf = async (p: ReturnType<typeof rollback>) => {
    const { error, response } = await p
    return { status: response.status, error: error?.error }
  }

  it('answers 404 for a deployment that does not exist', async () => {
    const { status, error } = await problemOf(rollback(t.service.rootKey, 'd_does_not_exist'))
    expect(status).toBe(404)
    expect(error?.detail).toContain('d_does_not_exist')
  })

  it('gives a key without the permission the same 404 as an unknown deployment', async () => {
    const fx = await t.fixture()
    const keys = [
      await t.key([]),
      await t.key(['environment.*.read_deployment', 'environment.*.promote_deployment']),
      await t.key([`environment.${fx.previewEnvironmentId}.rollback_deployment`]),
      await t.key(['api.*.rollback_deployment']),
    ]
    // Same id length so that even `detail` is indistinguishable apart from the id itself.
    const unknownId = fx.v1.replace(/_v1$/, '_zz')
    const unknown = await problemOf(rollback(t.service.rootKey, unknownId))
    for (const key of keys) {
      const forbidden = await problemOf(rollback(key, fx.v1))
      expect(forbidden.status).toBe(404)
      expect({ ...forbidden.error, detail: forbidden.error?.detail.replace(fx.v1, unknownId) }).toEqual(
        unknown.error,
      )
      // Even for a deployment that would fail a precondition.
      expect((await problemOf(rollback(key, fx.failed))).status).toBe(404)
    }
    expect(
      await t.service.db.query('SELECT 1 FROM deployment_operations WHERE app_id = $1', [fx.appId]),
    ).toEqual([])
  })

  it('never reaches into another workspace', async () => {
    const other = await t.workspace()
    const theirs = await t.fixture({ workspaceId: other })
    const { status } = await problemOf(rollback(t.service.rootKey, theirs.v1))
    expect(status).toBe(404)
    // A key of the other workspace with every permission does not see ours either.
    const ours = await t.fixture()
    const theirKey = await t.key(['environment.*.rollback_deployment'], { workspaceId: other })
    expect((await problemOf(rollback(theirKey, ours.v1))).status).toBe(404)
    // But it does reach its own.
    expect((await problemOf(rollback(theirKey, theirs.v1))).status).toBe(202)
  })
})
