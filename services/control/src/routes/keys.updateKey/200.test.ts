import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

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
})
