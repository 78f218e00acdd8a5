import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { whileDeleted } from '../../testing/concurrent-delete.js'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, newKey } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.updateKey 404 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 404 for unknown and foreign keys, and for an unknown role', async () => {
    expect((await call(t, 'keys.updateKey', { keyId: 'key_unknown12345', name: 'x' })).response.status).toBe(
      404,
    )
    const theirs = await newKey(t, {}, await foreignRootKey(t))
    expect((await call(t, 'keys.updateKey', { keyId: theirs.keyId, name: 'x' })).response.status).toBe(404)
    const mine = await newKey(t)
    expect(
      (await call(t, 'keys.updateKey', { keyId: mine.keyId, roles: ['nope_role_x'] })).response.status,
    ).toBe(404)
  })
})

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'keys.updateKey 404 (postgres, concurrent deletion)',
  () => {
    const t = useTestService({ kind: 'postgres' })
    it('answers 404 when the key is erased while its rate limits are replaced', async () => {
      const { keyId } = await newKey(t)
      const { response } = await whileDeleted(t, 'api_keys', keyId, () =>
        call(t, 'keys.updateKey', {
          keyId,
          ratelimits: [{ name: 'requests', limit: 10, duration: 60_000, autoApply: false }],
        }),
      )
      expect(response.status).toBe(404)
    })
  },
)
