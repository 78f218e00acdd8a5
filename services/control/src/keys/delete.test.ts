import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../testing/harness.js'
import { call, newKey } from '../testing/keys-fixtures.js'

const PARALLEL = 20

describe.each(testDatabaseKinds())('deleting a key (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['soft', false],
    ['permanent', true],
  ])(
    `answers 200 to one of ${PARALLEL} concurrent %s deletions and 404 to the others`,
    async (_, permanent) => {
      const key = await newKey(t)
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () => call(t, 'keys.deleteKey', { keyId: key.keyId, permanent })),
      )
      expect(results.map((r) => r.response.status).sort()).toEqual([200, ...Array(PARALLEL - 1).fill(404)])
      for (const refused of results.filter((r) => r.response.status === 404)) {
        expect(refused.error?.error).toMatchObject({
          status: 404,
          type: expect.stringMatching(/key_not_found$/),
        })
      }
      expect((await call(t, 'keys.getKey', { keyId: key.keyId })).response.status).toBe(404)
    },
  )

  it('answers each credit update racing a permanent deletion 200 before it and 404 after it, never 500', async () => {
    const key = await newKey(t, { credits: { remaining: 0 } })
    const updates = Array.from({ length: PARALLEL }, () =>
      call(t, 'keys.updateCredits', { keyId: key.keyId, operation: 'increment', value: 1 }),
    )
    const deletion = call(t, 'keys.deleteKey', { keyId: key.keyId, permanent: true })
    const results = await Promise.all([...updates, deletion])
    expect(results.map((r) => r.response.status).filter((s) => s !== 200 && s !== 404)).toEqual([])
    expect((await deletion).response.status).toBe(200)
  })
})
