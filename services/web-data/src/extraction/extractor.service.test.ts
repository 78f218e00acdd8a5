import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { finished, productSchema, startRun } from '../testing/agent.js'
import { batchFinished } from '../testing/crawl.js'
import { type FixtureSite, startFixtureSite } from '../testing/fixture-site.js'
import { eventually, startTestService, type TestService } from '../testing/harness.js'
import { completion, type FakeOpenAi, type FakeRequest, startFakeOpenAi } from './fake-openai.js'

// Values no fixture page states: seeing them in a response proves the model's answer was used.
const FAKE = { name: 'Model Kettle', price: 12.5, capacity: '9 litres', power: '1 W' }
const USAGE = { prompt_tokens: 400, completion_tokens: 30, total_tokens: 430 }

const userMessage = (r: FakeRequest | undefined) => r?.body.messages?.find((m) => m.role === 'user')?.content

/** Tokens the team's ledger shows for this month (GET /v2/team/token-usage/historical). */
async function tokensSpent(t: TestService, key: string): Promise<number> {
  const { data } = await t.clientWith(key).GET('/v2/team/token-usage/historical')
  return data?.periods?.reduce((sum, p) => sum + (p.totalTokens ?? 0), 0) ?? 0
}

describe.each(testDatabaseKinds())('the OpenAI-compatible extractor in the service (%s)', (kind) => {
  let t: TestService
  let site: FixtureSite
  let fake: FakeOpenAi
  beforeAll(async () => {
    site = await startFixtureSite()
    fake = await startFakeOpenAi()
    t = await startTestService({
      kind,
      extractor: {
        kind: 'openai',
        baseUrl: fake.baseUrl,
        apiKey: 'sk-fake',
        model: 'fake-model',
        timeoutMs: 5_000,
      },
    })
  })
  afterAll(async () => {
    await t?.stop()
    await fake?.close()
    await site?.close()
  })
  beforeEach(() => {
    fake.reset()
    fake.reply = () => completion(FAKE, USAGE)
  })

  it('fills the json format of POST /v2/scrape with the model’s answer and records its tokens', async () => {
    const team = await t.newTeam(100)
    const { data, response } = await t.clientWith(team.key).POST('/v2/scrape', {
      body: {
        url: site.at('/product.html'),
        formats: ['markdown', { type: 'json', prompt: 'The kettle', schema: productSchema }] as never,
      },
    })
    expect(response.status).toBe(200)
    expect((data?.data as { json?: unknown } | undefined)?.json).toEqual(FAKE)
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-fake')
    expect(fake.requests[0]?.body.model).toBe('fake-model')
    expect(fake.requests[0]?.body.response_format?.json_schema?.schema).toEqual(productSchema)
    expect(userMessage(fake.requests[0])).toContain('1.7 litre capacity')
    expect(userMessage(fake.requests[0])).toContain('Task: The kettle')
    expect(await tokensSpent(t, team.key)).toBe(430)
  })

  it('answers 422 when the model’s answer does not conform, and 502 when the endpoint fails', async () => {
    const body = {
      url: site.at('/product.html'),
      formats: [{ type: 'json', schema: productSchema }] as never,
    }
    fake.reply = () => completion({ ...FAKE, price: 'twelve' })
    const wrong = await t.client.POST('/v2/scrape', { body })
    expect(wrong.response.status).toBe(422)
    expect(wrong.error).toMatchObject({
      success: false,
      error: 'Unprocessable Entity',
      code: 'EXTRACTION_NOT_CONFORMING',
    })
    fake.reply = () => ({ status: 500, json: { error: { message: 'boom' } } })
    const down = await t.client.POST('/v2/scrape', { body })
    expect(down.response.status).toBe(502)
    expect(down.error).toMatchObject({
      success: false,
      error: 'Bad Gateway',
      code: 'EXTRACTION_MODEL_FAILED',
    })
  })

  it('fills POST /v2/extract with the model’s answer and reports its tokens', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const { data } = await client.POST('/v2/extract', {
      body: { urls: [site.at('/product.html')], prompt: 'Kettle facts', schema: productSchema as never },
    })
    const status = await eventually(async () => {
      const { data: s } = await client.GET('/v2/extract/{id}', {
        params: { path: { id: data?.id as string } },
      })
      return s && s.status !== 'processing' ? s : undefined
    })
    expect(status).toMatchObject({ success: true, status: 'completed', data: FAKE, tokensUsed: 430 })
    expect(userMessage(fake.requests[0])).toContain('Task: Kettle facts')
    expect(await tokensSpent(t, team.key)).toBe(430)
  })

  it('fails an extraction whose pages the model cannot fill, recording why', async () => {
    fake.reply = () => ({ status: 503, json: {} })
    const { data } = await t.client.POST('/v2/extract', {
      body: { urls: [site.at('/product.html')], schema: productSchema as never },
    })
    const status = await eventually(async () => {
      const { data: s } = await t.client.GET('/v2/extract/{id}', {
        params: { path: { id: data?.id as string } },
      })
      return s && s.status !== 'processing' ? s : undefined
    })
    expect(status.status).toBe('failed')
    // The status response has no error field; the reason is kept with the extraction.
    const [row] = await t.service.db.query<{ error: string }>('SELECT error FROM extracts WHERE id = $1', [
      data?.id,
    ])
    expect(row?.error).toMatch(/Bad Gateway: The extraction model answered HTTP 503/)
  })

  it('records the tokens of the json format of every page of a batch scrape', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const { data } = await client.POST('/v2/batch/scrape', {
      body: {
        urls: [site.at('/product.html'), site.at('/specs.html')],
        formats: [{ type: 'json', schema: productSchema }] as never,
      },
    })
    const status = await batchFinished(client, data?.id as string)
    expect(status).toMatchObject({ status: 'completed', completed: 2 })
    expect(fake.requests).toHaveLength(2)
    expect(await tokensSpent(t, team.key)).toBe(860)
  })

  it('records the tokens of the json format of scraped search results', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    // The team's index: one page to find.
    await client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    fake.reset()
    const { data, response } = await client.POST('/v2/search', {
      body: {
        query: 'kettle',
        limit: 1,
        scrapeOptions: { formats: [{ type: 'json', schema: productSchema }] as never },
      },
    })
    expect(response.status).toBe(200)
    expect((data?.data?.web?.[0] as { json?: unknown } | undefined)?.json).toEqual(FAKE)
    expect(fake.requests).toHaveLength(1)
    expect(await tokensSpent(t, team.key)).toBe(430)
  })

  it('fills an agent run’s schema with the model’s answer and records its tokens', async () => {
    const team = await t.newTeam(100)
    const client = t.clientWith(team.key)
    const id = await startRun(client, {
      prompt: 'What does the kettle cost?',
      urls: [site.at('/product.html')],
      schema: productSchema,
    })
    const status = await finished(client, id)
    expect(status).toMatchObject({ status: 'completed', data: FAKE })
    expect(userMessage(fake.requests[0])).toContain('Task: What does the kettle cost?')
    expect(await tokensSpent(t, team.key)).toBe(430)
  })
})
