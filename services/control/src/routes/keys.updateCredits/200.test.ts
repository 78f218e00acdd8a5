import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.updateCredits 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('sets, increments, decrements (not below 0) and makes unlimited', async () => {
    const { keyId, key } = await newKey(t, { credits: { remaining: 1 } })
    expect(await ok(t, 'keys.updateCredits', { keyId, operation: 'increment', value: 4 })).toEqual({
      remaining: 5,
    })
    expect(await ok(t, 'keys.updateCredits', { keyId, operation: 'decrement', value: 2 })).toEqual({
      remaining: 3,
    })
    expect(await ok(t, 'keys.updateCredits', { keyId, operation: 'decrement', value: 10 })).toEqual({
      remaining: 0,
    })
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key })).code).toBe('USAGE_EXCEEDED')
    expect(await ok(t, 'keys.updateCredits', { keyId, operation: 'set', value: 2 })).toEqual({ remaining: 2 })
    expect(await ok(t, 'keys.updateCredits', { keyId, operation: 'set', value: null })).toEqual({
      remaining: null,
    })
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key })).code).toBe('VALID')
  })
})
