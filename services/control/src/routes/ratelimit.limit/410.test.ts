import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.limit 410 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 410 once the namespace has been deleted, and does not recreate it', async () => {
    const namespace = `ns_${randomToken(8)}`
    const body = { namespace, identifier: 'a', limit: 5, duration: 1000 }
    expect((await t.client.raw.POST('/v2/ratelimit.limit', { body })).response.status).toBe(200)
    await t.service.db.query('UPDATE ratelimit_namespaces SET deleted_at = $2 WHERE name = $1', [
      namespace,
      Date.now(),
    ])
    const { response, error } = await t.client.raw.POST('/v2/ratelimit.limit', { body })
    expect(response.status).toBe(410)
    expect(error?.error.title).toBe('Gone')
  })
})
