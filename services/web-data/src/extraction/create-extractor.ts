import type { Extractor } from './extractor.js'
import { factsExtractor } from './facts-extractor.js'
import { type OpenAiExtractorOptions, openAiExtractor } from './openai-extractor.js'

/** Which extractor the service uses (WEB_DATA_EXTRACTOR and the OPENAI_* variables). */
export type ExtractorConfig = { kind: 'facts' } | ({ kind: 'openai' } & OpenAiExtractorOptions)

/** The service's extractor; made once at start and passed to everything that extracts. */
export function createExtractor(config: ExtractorConfig | undefined): Extractor {
  if (config?.kind === 'openai') {
    const { kind: _kind, ...options } = config
    return openAiExtractor(options)
  }
  return factsExtractor()
}
