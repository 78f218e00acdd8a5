import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../testing/fixture-site.js'
import { startTestService, type TestService } from '../testing/harness.js'
import { type FakeOpenAi, startFakeOpenAi } from './fake-openai.js'

// `price.type` names no JSON type: the schema is not valid JSON Schema.
const INVALID = { type: 'object', properties: { price: { type: 'money' } } }
const jsonFormat = [{ type: 'json', schema: INVALID }] as never

/** Every operation that takes a schema, with that schema where the operation carries it. */
const operations: Array<
  [string, (t: TestService, site: FixtureSite) => Promise<{ response: Response; error?: unknown }>]
> = [
  [
    'POST /v2/scrape',
    (t, s) => t.client.POST('/v2/scrape', { body: { url: s.at('/product.html'), formats: jsonFormat } }),
  ],
  [
    'POST /v2/batch/scrape',
    (t, s) =>
      t.client.POST('/v2/batch/scrape', { body: { urls: [s.at('/product.html')], formats: jsonFormat } }),
  ],
  [
    'POST /v2/crawl',
    (t, s) => t.client.POST('/v2/crawl', { body: { url: s.url, scrapeOptions: { formats: jsonFormat } } }),
  ],
  [
    'POST /v2/search',
    (t) => t.client.POST('/v2/search', { body: { query: 'kettle', scrapeOptions: { formats: jsonFormat } } }),
  ],
  [
    'POST /v2/extract',
    (t, s) =>
      t.client.POST('/v2/extract', { body: { urls: [s.at('/product.html')], schema: INVALID as never } }),
  ],
  [
    'POST /v2/agent',
    (t, s) =>
      t.client.POST('/v2/agent', {
        body: { prompt: 'Price?', urls: [s.at('/product.html')], schema: INVALID as never },
      }),
  ],
]

describe.each(testDatabaseKinds())('schemas and prompt injection before any extraction (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  let fake: FakeOpenAi
  beforeAll(async () => {
    site = await startFixtureSite()
    fake = await startFakeOpenAi()
    t = await startTestService({
      kind,
      worker: false,
      extractor: { kind: 'openai', baseUrl: fake.baseUrl, model: 'fake-model', timeoutMs: 5_000 },
    })
  })
  afterAll(async () => {
    await t?.stop()
    await fake?.close()
    await site?.close()
  })

  it.each(operations)('%s answers 422 for a schema that is not JSON Schema', async (_name, call) => {
    const { response, error } = await call(t, site)
    expect(response.status).toBe(422)
    expect(error).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Invalid JSON schema: \/properties\/price\/type /),
    })
    expect(fake.requests).toHaveLength(0)
  })

  it('POST /v2/scrape answers 403 SCRAPE_PROMPT_INJECTION_DETECTED before the model sees the page', async () => {
    const { response, error } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/injection.html'),
        formats: [
          { type: 'json', schema: { type: 'object', properties: { price: { type: 'number' } } } },
        ] as never,
        checkPromptInjection: true,
      },
    })
    expect(response.status).toBe(403)
    expect(error).toEqual({
      success: false,
      error: 'SCRAPE_PROMPT_INJECTION_DETECTED',
      code: 'SCRAPE_PROMPT_INJECTION_DETECTED',
      details: { excerpt: expect.stringContaining('Ignore all previous instructions') },
    })
    expect(fake.requests).toHaveLength(0)
  })
})
