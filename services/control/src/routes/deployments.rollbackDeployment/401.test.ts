import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.rollbackDeployment 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  const rollback = (key: string | undefined, headers?: Record<string, string>, deploymentId = 'd_seed_v1') =>
    t.clientFor(key).raw.POST('/v2/deployments.rollbackDeployment', {
      body: { deploymentId },
      ...(headers ? { headers } : {}),
    })

  it('answers 401 without an Authorization header', async () => {
    const { error, response } = await rollback(undefined)
    expect(response.status).toBe(401)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/authentication/missing')
  })

  it('answers 401 for a malformed header', async () => {
    for (const authorization of [
      'Basic dXNlcjpwYXNz',
      'Bearer',
      'Bearer two words',
      'ck_no_scheme',
      `Bearer\t${ROOT_KEY}`,
    ]) {
      const { response, error } = await rollback('x', { authorization })
      expect(response.status, authorization).toBe(401)
      expect(error?.error.status).toBe(401)
    }
  })

  it('takes the scheme in any case (RFC 7235)', async () => {
    const fx = await t.fixture()
    for (const scheme of ['bearer', 'BEARER']) {
      const { response, error } = await rollback('x', { authorization: `${scheme} ${ROOT_KEY}` }, fx.v1)
      expect(response.status, scheme).not.toBe(401)
      expect(error?.error.status).not.toBe(401)
    }
  })

  it('answers 401 for an unknown key', async () => {
    const { error, response } = await rollback('ck_unknown_key_123')
    expect(response.status).toBe(401)
    expect(error?.error.type).toBe('https://docs.deploy-control.dev/errors/authentication/key_not_found')
  })

  it('answers 401 for an expired or revoked key, even with every permission', async () => {
    const expired = await t.key(['environment.*.rollback_deployment'], { expiresAt: Date.now() - 1000 })
    const revoked = await t.key(['environment.*.rollback_deployment'], { revokedAt: Date.now() - 1000 })
    const fx = await t.fixture()
    for (const key of [expired, revoked]) {
      const { response } = await rollback(key, undefined, fx.v1)
      expect(response.status).toBe(401)
    }
    // And nothing was recorded.
    expect(
      await t.service.db.query('SELECT 1 FROM deployment_operations WHERE app_id = $1', [fx.appId]),
    ).toEqual([])
  })
})
