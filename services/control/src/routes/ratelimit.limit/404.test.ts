import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('ratelimit.limit 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown namespace when the key may not create namespaces', async () => {
    const namespace = `ns_${randomToken(8)}`
    const key = await t.key(['ratelimit.*.limit'])
    const { response } = await t
      .clientFor(key)
      .raw.POST('/v2/ratelimit.limit', { body: { namespace, identifier: 'a', limit: 1, duration: 1000 } })
    expect(response.status).toBe(404)
    expect(
      await t.service.db.query('SELECT 1 FROM ratelimit_namespaces WHERE name = $1', [namespace]),
    ).toEqual([])
  })

  it('does not see namespaces of another workspace', async () => {
    const namespace = `ns_${randomToken(8)}`
    await t.client.raw.POST('/v2/ratelimit.limit', {
      body: { namespace, identifier: 'a', limit: 1, duration: 1000 },
    })
    const other = await t.workspace()
    const key = await t.key(['ratelimit.*.limit'], { workspaceId: other })
    const { response } = await t
      .clientFor(key)
      .raw.POST('/v2/ratelimit.limit', { body: { namespace, identifier: 'a', limit: 1, duration: 1000 } })
    expect(response.status).toBe(404)
  })
})
