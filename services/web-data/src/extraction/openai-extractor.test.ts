import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../errors.js'
import { type ExtractionRequest, extractionPage } from './extractor.js'
import { completion, type FakeOpenAi, startFakeOpenAi } from './fake-openai.js'
import { openAiExtractor } from './openai-extractor.js'

const schema = {
  type: 'object',
  required: ['name', 'price'],
  properties: { name: { type: 'string' }, price: { type: 'number' }, colour: { type: 'string' } },
}

const request = (more: Partial<ExtractionRequest> = {}): ExtractionRequest => ({
  page: extractionPage({
    url: 'https://shop.example.org/kettle',
    markdown: '# Acme Kettle\n\nPrice: 49.90 EUR',
    html: '<h1>Acme Kettle</h1><p>Price: 49.90 EUR</p>',
  }),
  schema,
  prompt: 'The product name and price.',
  ...more,
})

/** The ApiError an extraction rejects with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('openAiExtractor against a local OpenAI-compatible server', () => {
  let fake: FakeOpenAi
  beforeAll(async () => {
    fake = await startFakeOpenAi()
  })
  afterAll(() => fake?.close())
  beforeEach(() => {
    fake.reset()
  })
  const extractor = (timeoutMs = 5_000) =>
    openAiExtractor({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'test-model', timeoutMs })

  it('sends the model, the schema as json_schema, the page and the prompt, with the bearer key', async () => {
    fake.reply = () => completion({ name: 'Acme Kettle', price: 49.9 })
    await extractor().extract(request())
    expect(fake.requests).toHaveLength(1)
    const [sent] = fake.requests
    expect(sent?.path).toBe('/v1/chat/completions')
    expect(sent?.headers.authorization).toBe('Bearer sk-test')
    expect(sent?.body.model).toBe('test-model')
    expect(sent?.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'extraction', schema, strict: false },
    })
    const user = sent?.body.messages?.find((m) => m.role === 'user')?.content
    expect(user).toContain('URL: https://shop.example.org/kettle')
    expect(user).toContain('Task: The product name and price.')
    expect(user).toContain('Price: 49.90 EUR')
    expect(sent?.body.messages?.[0]?.role).toBe('system')
  })

  it('returns the answer, the fields it left out and the tokens spent', async () => {
    fake.reply = () =>
      completion(
        { name: 'Acme Kettle', price: 49.9, colour: null },
        { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
      )
    const result = await extractor().extract(request())
    expect(result).toEqual({
      data: { name: 'Acme Kettle', price: 49.9 },
      missing: ['colour'],
      usage: { promptTokens: 321, completionTokens: 12, totalTokens: 333 },
    })
  })

  it('uses the given system prompt instead of its own', async () => {
    fake.reply = () => completion({ name: 'Acme Kettle', price: 49.9 })
    await extractor().extract(request({ systemPrompt: 'Answer in JSON, briefly.' }))
    expect(fake.requests[0]?.body.messages?.[0]).toEqual({
      role: 'system',
      content: 'Answer in JSON, briefly.',
    })
  })

  it('answers 422 for an answer that does not conform to the schema', async () => {
    fake.reply = () => completion({ name: 'Acme Kettle', price: 'cheap' })
    const error = await failure(extractor().extract(request()))
    expect(error.status).toBe(422)
    expect(error.body()).toMatchObject({
      success: false,
      error: 'Unprocessable Entity',
      code: 'EXTRACTION_NOT_CONFORMING',
      details: { errors: [{ path: '/price', message: 'must be number' }] },
    })
  })

  it('answers 422 when a required field is missing, unless the page is one of several', async () => {
    fake.reply = () => completion({ name: 'Acme Kettle' })
    expect((await failure(extractor().extract(request()))).status).toBe(422)
    const partial = await extractor().extract(request({ partial: true }))
    expect(partial.data).toEqual({ name: 'Acme Kettle' })
    expect(partial.missing).toEqual(['price', 'colour'])
  })

  it('answers 422 for an answer that is not JSON, and reads JSON in a code fence', async () => {
    fake.reply = () => completion('The kettle costs 49.90 EUR.')
    const error = await failure(extractor().extract(request()))
    expect(error.status).toBe(422)
    expect(error.error).toBe('Unprocessable Entity')
    fake.reply = () => completion('```json\n{"name": "Acme Kettle", "price": 49.9}\n```')
    expect((await extractor().extract(request())).data).toEqual({ name: 'Acme Kettle', price: 49.9 })
  })

  it('answers 502 when the endpoint fails with a 5xx', async () => {
    fake.reply = () => ({ status: 503, json: { error: { message: 'overloaded' } } })
    const error = await failure(extractor().extract(request()))
    expect(error.status).toBe(502)
    expect(error.body()).toMatchObject({
      error: 'Bad Gateway',
      code: 'EXTRACTION_MODEL_FAILED',
      details: { status: 503 },
    })
  })

  it('answers 502 when the endpoint’s response is not a chat completion', async () => {
    fake.reply = () => ({ text: '<html>proxy error</html>' })
    expect((await failure(extractor().extract(request()))).status).toBe(502)
    fake.reply = () => ({ json: { object: 'list', data: [] } })
    const error = await failure(extractor().extract(request()))
    expect(error.body()).toMatchObject({ error: 'Bad Gateway', code: 'EXTRACTION_MODEL_FAILED' })
  })

  it('answers 502 when the endpoint cannot be reached', async () => {
    const gone = await startFakeOpenAi()
    await gone.close()
    const unreachable = openAiExtractor({ baseUrl: gone.baseUrl, model: 'test-model', timeoutMs: 5_000 })
    const error = await failure(unreachable.extract(request()))
    expect(error.status).toBe(502)
    expect(error.error).toBe('Bad Gateway')
  })

  it('answers 504 when the endpoint does not answer within the timeout', async () => {
    fake.reply = () => 'hang'
    const error = await failure(extractor(200).extract(request()))
    expect(error.status).toBe(504)
    expect(error.body()).toMatchObject({ error: 'Gateway Timeout', code: 'EXTRACTION_MODEL_TIMEOUT' })
  })

  it('falls back to json_object, with the schema in the instructions, when json_schema is refused', async () => {
    fake.reply = (r) =>
      r.body.response_format?.type === 'json_schema'
        ? { status: 400, json: { error: { message: "response_format 'json_schema' is not supported" } } }
        : completion({ name: 'Acme Kettle', price: 49.9 })
    const once = extractor()
    expect((await once.extract(request())).data).toEqual({ name: 'Acme Kettle', price: 49.9 })
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual(['json_schema', 'json_object'])
    expect(fake.requests[1]?.body.messages?.[0]?.content).toContain(JSON.stringify(schema))
    // The extractor remembers: the next extraction asks for json_object straight away.
    await once.extract(request())
    expect(fake.requests.map((r) => r.body.response_format?.type)).toEqual([
      'json_schema',
      'json_object',
      'json_object',
    ])
  })

  it('stops when the caller aborts, with the caller’s reason', async () => {
    fake.reply = () => 'hang'
    const controller = new AbortController()
    const pending = extractor().extract(request({ signal: controller.signal }))
    controller.abort(new Error('lease lost'))
    await expect(pending).rejects.toThrow('lease lost')
  })
})
