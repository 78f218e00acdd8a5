import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import type { TestService } from '../testing/harness.js'
import { useFixtureSite, useTestService } from '../testing/lifecycle.js'

/** The same schema declared in each dialect the API accepts (SDKs write draft-07 or 2020-12). */
const DIALECTS = {
  'draft-04': 'http://json-schema.org/draft-04/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
}
const schemaIn = (uri: string) => ({
  $schema: uri,
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' } },
  required: ['name'],
  additionalProperties: false,
})

type Call = (t: TestService, url: string, schema: object) => Promise<{ response: Response; error?: unknown }>
const format = (schema: object) => [{ type: 'json', schema }] as never

/** Every operation that takes a schema. */
const OPERATIONS: Array<[string, Call]> = [
  [
    'POST /v2/scrape',
    (t, url, schema) => t.client.POST('/v2/scrape', { body: { url, formats: format(schema) } }),
  ],
  [
    'POST /v2/batch/scrape',
    (t, url, schema) => t.client.POST('/v2/batch/scrape', { body: { urls: [url], formats: format(schema) } }),
  ],
  [
    'POST /v2/crawl',
    (t, url, schema) =>
      t.client.POST('/v2/crawl', { body: { url, limit: 1, scrapeOptions: { formats: format(schema) } } }),
  ],
  [
    'POST /v2/search',
    (t, _url, schema) =>
      t.client.POST('/v2/search', { body: { query: 'kettle', scrapeOptions: { formats: format(schema) } } }),
  ],
  [
    'POST /v2/extract',
    (t, url, schema) => t.client.POST('/v2/extract', { body: { urls: [url], schema: schema as never } }),
  ],
  [
    'POST /v2/agent',
    (t, url, schema) =>
      t.client.POST('/v2/agent', {
        body: { prompt: 'Name and price?', urls: [url], schema: schema as never },
      }),
  ],
]

describe.each(testDatabaseKinds())('JSON Schema dialects (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind, worker: false })

  describe.each(Object.entries(DIALECTS))('a schema declaring %s', (_name, uri) => {
    it.each(OPERATIONS)('is accepted by %s', async (_op, call) => {
      const { response, error } = await call(t, site.at('/product.html'), schemaIn(uri))
      expect(error).toBeUndefined()
      expect(response.status).toBe(200)
    })
  })

  it('reads each schema by its own draft: a draft-04 boolean exclusiveMaximum is valid there only', async () => {
    const price = {
      type: 'object',
      properties: { price: { type: 'number', maximum: 10, exclusiveMaximum: true } },
    }
    const url = site.at('/product.html')
    const draft04 = await t.client.POST('/v2/scrape', {
      body: { url, formats: format({ $schema: DIALECTS['draft-04'], ...price }) },
    })
    expect(draft04.response.status).toBe(200)
    const draft07 = await t.client.POST('/v2/scrape', {
      body: { url, formats: format({ $schema: DIALECTS['draft-07'], ...price }) },
    })
    expect(draft07.response.status).toBe(422)
    expect(draft07.error).toMatchObject({
      error: expect.stringMatching(/^Invalid JSON schema: \/properties\/price\/exclusiveMaximum /),
    })
  })

  it('answers 422 for a $schema no validator knows', async () => {
    const { response, error } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), formats: format(schemaIn('https://example.com/my-dialect')) },
    })
    expect(response.status).toBe(422)
    expect(error).toMatchObject({
      success: false,
      error: expect.stringMatching(
        /^Invalid JSON schema: unsupported \$schema "https:\/\/example.com\/my-dialect"/,
      ),
    })
  })
})
