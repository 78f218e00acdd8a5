import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.updateKey 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('changes given fields, clears nulls and replaces lists', async () => {
    const { keyId, key } = await newKey(t, {
      name: 'old',
      meta: { a: 1 },
      credits: { remaining: 5 },
      permissions: ['x.read'],
      ratelimits: [{ name: 'old_limit', limit: 5, duration: 1000, autoApply: true }],
    })
    const externalId = unique('new_owner')
    expect(
      await ok(t, 'keys.updateKey', {
        keyId,
        name: null,
        meta: { b: 2 },
        externalId,
        enabled: false,
        credits: null,
        permissions: ['y.write'],
        ratelimits: [{ name: 'new_limit', limit: 9, duration: 2000, autoApply: false }],
      }),
    ).toEqual({})
    const data = await ok<Record<string, unknown>>(t, 'keys.getKey', { keyId })
    expect(data.name).toBeUndefined()
    expect(data.credits).toBeUndefined()
    expect(data).toMatchObject({
      meta: { b: 2 },
      enabled: false,
      permissions: ['y.write'],
      identity: { externalId },
      ratelimits: [{ name: 'new_limit', limit: 9, duration: 2000, autoApply: false }],
    })
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key })).code).toBe('DISABLED')
  })

  it('creates missing permissions without rbac.*.create_permission (the SDK sets no condition)', async () => {
    const { apiId, keyId } = await newKey(t)
    const caller = await t.key([`api.${apiId}.update_key`])
    const slug = `${unique('p')}.read`
    expect((await call(t, 'keys.updateKey', { keyId, permissions: [slug] }, caller)).response.status).toBe(
      200,
    )
    expect((await ok<{ permissions: string[] }>(t, 'keys.getKey', { keyId })).permissions).toEqual([slug])
  })

  const refilled = { remaining: 5, refill: { interval: 'daily', amount: 10 } }
  const creditsOf = async (keyId: string) =>
    (await ok<{ credits?: unknown }>(t, 'keys.getKey', { keyId })).credits

  it('credits.remaining without refill sets a fixed balance and clears the refill', async () => {
    const { keyId } = await newKey(t, { credits: refilled })
    await ok(t, 'keys.updateKey', { keyId, credits: { remaining: 3 } })
    expect(await creditsOf(keyId)).toEqual({ remaining: 3 })
  })

  it('credits.remaining with a refill keeps the refill sent alongside', async () => {
    const { keyId } = await newKey(t, { credits: refilled })
    const refill = { interval: 'monthly', amount: 20, refillDay: 5 }
    await ok(t, 'keys.updateKey', { keyId, credits: { remaining: 3, refill } })
    expect(await creditsOf(keyId)).toEqual({ remaining: 3, refill })
  })

  it('credits.refill alone changes the refill and keeps the balance', async () => {
    const { keyId } = await newKey(t, { credits: refilled })
    const refill = { interval: 'daily', amount: 7 }
    await ok(t, 'keys.updateKey', { keyId, credits: { refill } })
    expect(await creditsOf(keyId)).toEqual({ remaining: 5, refill })
  })
})
