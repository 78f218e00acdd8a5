import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

const HOUR = 3_600_000

describe.each(testDatabaseKinds())('portal.getVerifications 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it("counts the end user's verifications by outcome, per hour, and nobody else's", async () => {
    const { token, user } = await portalToken(t, { scopes: ['analytics:read'] })
    const [first, second] = user.keys
    if (!first || !second) throw new Error('fixture without keys')
    await ok(t, 'keys.verifyKey', { key: first.key })
    await ok(t, 'keys.verifyKey', { key: first.key, permissions: 'not.held' })
    await ok(t, 'keys.verifyKey', { key: second.key })
    await ok(t, 'keys.updateKey', { keyId: second.keyId, enabled: false })
    await ok(t, 'keys.verifyKey', { key: second.key })
    // Someone else's verification, in the same API.
    await ok(t, 'keys.verifyKey', { key: user.otherKey.key })

    const now = Date.now()
    const startTime = Math.floor(now / HOUR) * HOUR - HOUR
    const { response, data } = await call(
      t,
      'portal.getVerifications',
      { startTime, endTime: startTime + 3 * HOUR },
      token,
    )
    expect(response.status).toBe(200)
    // One hourly bucket (two if the hour turned during the test): add them up.
    const points = data?.data as Array<Record<string, number>>
    expect(points.length).toBeGreaterThanOrEqual(1)
    for (const p of points) expect((p.time ?? 1) % HOUR).toBe(0)
    const sum = (field: string) => points.reduce((n, p) => n + (p[field] ?? 0), 0)
    expect({
      total: sum('total'),
      valid: sum('valid'),
      rateLimited: sum('rateLimited'),
      insufficientPermissions: sum('insufficientPermissions'),
      forbidden: sum('forbidden'),
      disabled: sum('disabled'),
      expired: sum('expired'),
      usageExceeded: sum('usageExceeded'),
    }).toEqual({
      total: 4,
      valid: 2,
      rateLimited: 0,
      insufficientPermissions: 1,
      forbidden: 0,
      disabled: 1,
      expired: 0,
      usageExceeded: 0,
    })
    expect(points[0]?.time).toBeGreaterThanOrEqual(Math.floor(now / HOUR) * HOUR - HOUR)

    const one = await call(
      t,
      'portal.getVerifications',
      { startTime, endTime: startTime + 3 * HOUR, keyId: first.keyId },
      token,
    )
    const onePoints = one.data?.data as Array<Record<string, number>>
    expect(onePoints.reduce((n, p) => n + (p.total ?? 0), 0)).toBe(2)
    expect(onePoints.reduce((n, p) => n + (p.insufficientPermissions ?? 0), 0)).toBe(1)
  })

  it('answers an empty list for a range without verifications', async () => {
    const { token } = await portalToken(t, { scopes: ['analytics:read'] })
    const { data } = await call(t, 'portal.getVerifications', { startTime: 0, endTime: 86_400_000 }, token)
    expect(data?.data).toEqual([])
  })
})
