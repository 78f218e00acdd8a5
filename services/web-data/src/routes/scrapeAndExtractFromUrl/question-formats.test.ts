// The `question`, `highlights` and (older) `query` formats of the public API: accepted with their
// text, 400 with the API's error body without it or beyond its limit.
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/scrape: question-like formats', () => {
  const t = useTestService({ kind: 'pglite', worker: false })
  const scrape = (format: Record<string, unknown>) =>
    t.client.POST('/v2/scrape', { body: { url: 'http://127.0.0.1:9/', formats: [format] } as never })

  it.each([
    [{ type: 'question' }, 'question'],
    [{ type: 'question', question: '  ' }, 'question'],
    [{ type: 'highlights' }, 'query'],
    [{ type: 'query', prompt: '' }, 'prompt'],
  ])('answers Bad Request for %j', async (format, field) => {
    const { error, response } = await scrape(format)
    expect(response.status).toBe(400)
    expect(error?.error).toBe('Bad Request')
    expect(error?.details).toEqual([expect.objectContaining({ path: ['formats', 0, field] })])
  })

  it.each([
    { type: 'question', question: 'x'.repeat(10_001) },
    { type: 'highlights', query: 'x'.repeat(10_001) },
    { type: 'query', prompt: 'What is it?', mode: 'summarise' },
  ])('answers Bad Request for a field beyond its limit: %#', async (format) => {
    const { response } = await scrape(format)
    expect(response.status).toBe(400)
  })
})
