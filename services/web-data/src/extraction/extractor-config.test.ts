import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../config.js'
import { createExtractor } from './create-extractor.js'

describe('the extractor of the configuration', () => {
  it('is the page-facts extractor unless WEB_DATA_EXTRACTOR says otherwise', () => {
    const config = configFromEnv({})
    expect(config.extractor).toEqual({ kind: 'facts' })
    expect(createExtractor(config.extractor).name).toBe('facts')
  })

  it('reads the OpenAI-compatible endpoint, key, model and timeout from the environment', () => {
    const config = configFromEnv({
      WEB_DATA_EXTRACTOR: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_API_KEY: 'sk-local',
      WEB_DATA_EXTRACTOR_MODEL: 'llama3.1',
      WEB_DATA_EXTRACTOR_TIMEOUT_MS: '15000',
    })
    expect(config.extractor).toEqual({
      kind: 'openai',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: 'sk-local',
      model: 'llama3.1',
      timeoutMs: 15_000,
    })
    expect(createExtractor(config.extractor).name).toBe('openai')
  })

  it('defaults to the OpenAI API and refuses an unknown extractor', () => {
    expect(configFromEnv({ WEB_DATA_EXTRACTOR: 'openai' }).extractor).toEqual({
      kind: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      apiKey: undefined,
      model: 'gpt-4o-mini',
      timeoutMs: 60_000,
    })
    expect(() => configFromEnv({ WEB_DATA_EXTRACTOR: 'magic' })).toThrow(/facts or openai/)
  })
})
