import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually } from '../../testing/harness.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/extract/{id} → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('reports processing, then completed with data and expiresAt', async () => {
    const started = await t.client.POST('/v2/extract', {
      body: {
        urls: [site.at('/about.html')],
        schema: { type: 'object', properties: { company: { type: 'string' } } } as never,
      },
    })
    const id = started.data?.id as string
    const first = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
    expect(first.response.status).toBe(200)
    expect(['processing', 'completed']).toContain(first.data?.status)
    const done = await eventually(async () => {
      const { data } = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
      return data?.status === 'completed' ? data : undefined
    })
    expect(done).toMatchObject({ success: true, data: { company: 'Fixture Ltd' } })
    expect(Date.parse(done.expiresAt ?? '')).toBeGreaterThan(Date.now())
  })
})
