import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, type TestService } from '../../testing/harness.js'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

/** Polls an extraction until it leaves processing. */
async function extractFinished(t: TestService, id: string) {
  return eventually(async () => {
    const { data } = await t.client.GET('/v2/extract/{id}', { params: { path: { id } } })
    return data && data.status !== 'processing' ? data : undefined
  })
}

describe.each(testDatabaseKinds())('POST /v2/extract → 200 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind })

  it('fills the schema from what the pages state', async () => {
    const { data, response } = await t.client.POST('/v2/extract', {
      body: {
        urls: [site.at('/about.html'), 'not a url'],
        prompt: 'Company facts',
        schema: {
          type: 'object',
          properties: {
            company: { type: 'string' },
            founded: { type: 'integer' },
            employees: { type: 'number' },
          },
        } as never,
      },
    })
    expect(response.status).toBe(200)
    expect(data).toEqual({ success: true, id: expect.any(String), invalidURLs: ['not a url'] })
    const status = await extractFinished(t, data?.id as string)
    expect(status).toMatchObject({
      success: true,
      status: 'completed',
      data: { company: 'Fixture Ltd', founded: 1999, employees: 42 },
    })
    expect(status.tokensUsed).toBeGreaterThan(0)
  })

  it('reads the pages of a site for a /* URL', async () => {
    const { data } = await t.client.POST('/v2/extract', {
      body: {
        urls: [`${site.url}/*`],
        schema: { type: 'object', properties: { founded: { type: 'integer' } } } as never,
      },
    })
    const status = await extractFinished(t, data?.id as string)
    expect(status).toMatchObject({ status: 'completed', data: { founded: 1999 } })
  })
})
