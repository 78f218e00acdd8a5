import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('apps.listApps 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('lists the seeded app and searches by name or slug', async () => {
    const { data, response } = await t.client.raw.POST('/v2/apps.listApps', { body: { project: 'demo' } })
    expect(response.status).toBe(200)
    expect(data?.data.map((a) => a.slug)).toEqual(['checkout-api'])
    expect(data?.pagination).toEqual({ hasMore: false })
    const none = await t.client.raw.POST('/v2/apps.listApps', { body: { project: 'demo', search: 'zzz' } })
    expect(none.data?.data).toEqual([])
  })
})
