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
    // Every hour of the range, zeros included (the verifications fall in one or, if the hour
    // turned during the test, two of them): add them up.
    const points = data?.data as Array<Record<string, number>>
    expect(points.map((p) => p.time)).toEqual([startTime, startTime + HOUR, startTime + 2 * HOUR])
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

  it('answers every bucket with zeros for a range without verifications, as the official SDK documents', async () => {
    const { token } = await portalToken(t, { scopes: ['analytics:read'] })
    const { data } = await call(t, 'portal.getVerifications', { startTime: 0, endTime: 86_400_000 }, token)
    const points = data?.data as Array<Record<string, number>>
    expect(points.map((p) => p.time)).toEqual(Array.from({ length: 24 }, (_, i) => i * HOUR))
    expect(points.every((p) => Object.entries(p).every(([k, v]) => k === 'time' || v === 0))).toBe(true)
  })
})
