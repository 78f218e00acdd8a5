import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useCrawlSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/extract → 422 (%s)', (kind) => {
  const site = useCrawlSite()
  const t = useTestService({ kind, worker: false })

  it('answers 422 for a schema that is not valid JSON Schema', async () => {
    const { error, response } = await t.client.POST('/v2/extract', {
      body: {
        urls: [site.url],
        schema: { type: 'object', properties: { price: { type: 'money' } } } as never,
      },
    })
    expect(response.status).toBe(422)
    expect(error?.error).toMatch(/^Invalid JSON schema: \/properties\/price\/type /)
  })
})
