import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.multiLimit 410 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 410 when one namespace was deleted, and counts nothing in the others', async () => {
    const live = { namespace: `ns_${randomToken(8)}`, identifier: 'a', limit: 1, duration: 2_592_000_000 }
    const gone = { namespace: `ns_${randomToken(8)}`, identifier: 'a', limit: 5, duration: 1000 }
    expect((await call(t, 'ratelimit.limit', { ...live, identifier: 'warmup' })).response.status).toBe(200)
    expect((await call(t, 'ratelimit.limit', gone)).response.status).toBe(200)
    await t.service.db.query('UPDATE ratelimit_namespaces SET deleted_at = $2 WHERE name = $1', [
      gone.namespace,
      Date.now(),
    ])
    const { response, error } = await call(t, 'ratelimit.multiLimit', [live, gone])
    expect(response.status).toBe(410)
    expect(error?.error.title).toBe('Gone')
    // The live namespace's only permit is still there.
    expect((await call(t, 'ratelimit.limit', live)).data?.data).toMatchObject({ success: true })
  })
})
