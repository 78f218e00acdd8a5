import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlSite, startCrawlSite } from '../../testing/crawl-site.js'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/extract → 422 (%s)', (kind) => {
  let t: TestService
  let site: CrawlSite
  beforeAll(async () => {
    site = await startCrawlSite()
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

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
