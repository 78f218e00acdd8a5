import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import type { AppFixture } from '../../testing/fixtures.js'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.rollbackDeployment 412 (%s)', (kind) => {
  const t = useTestService({ kind })
  const rollback = (deploymentId: string) =>
    t.client.raw.POST('/v2/deployments.rollbackDeployment', { body: { deploymentId } })

  const cases: Array<[string, (fx: AppFixture) => string, RegExp]> = [
    ['the target is not ready (failed)', (fx) => fx.failed, /not ready/],
    ['the target is not ready (still building)', (fx) => fx.building, /not ready/],
    ['the target is not ready (stopped)', (fx) => fx.stopped, /not ready/],
    ['the target is shutting down', (fx) => fx.shuttingDown, /shutting down/],
    ['the target is not in the production environment', (fx) => fx.preview, /production environment/],
    ['the target is already current', (fx) => fx.current, /already the current/],
  ]

  it.each(cases)('answers 412 when %s', async (_label, pick, detail) => {
    const fx = await t.fixture()
    const { error, response } = await rollback(pick(fx))
    expect(response.status).toBe(412)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/application/precondition_failed')
    expect(error?.error.detail).toMatch(detail)
    expect(
      await t.service.db.query('SELECT 1 FROM deployment_operations WHERE app_id = $1', [fx.appId]),
    ).toEqual([])
  })

  it('answers 412 when the app has no current deployment to roll back from', async () => {
    const fx = await t.fixture({ withCurrent: false })
    const { error, response } = await rollback(fx.v1)
    expect(response.status).toBe(412)
    expect(error?.error.detail).toMatch(/no current deployment/)
  })
})
