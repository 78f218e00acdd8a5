import type { JsonSchema } from './json-schema.js'
import { type PageFacts, readFacts } from './page-facts.js'

/** The page an extractor reads. */
export interface ExtractionPage {
  /** The page's final URL. */
  url: string
  /** The page as markdown (what a language model reads). */
  markdown: string
  /** What the page states in structured form (read on first use: only some extractors need it). */
  facts(): PageFacts
}

export interface ExtractionRequest {
  page: ExtractionPage
  /** The object schema to fill. */
  schema: JsonSchema
  /** The caller's instructions (`prompt` of the format, extraction or agent run). */
  prompt?: string | undefined
  /** Replaces the extractor's own instructions, where it has any. */
  systemPrompt?: string | undefined
  /**
   * The result is merged with other pages' results (extract, agent): `required` fields may be
   * missing from this page's share.
   */
  partial?: boolean
  /** Aborts the extraction (the job lost its lease, the request ended). */
  signal?: AbortSignal | undefined
}

/** Tokens a model spent on one extraction. */
export interface TokenUsage {
  promptTokens: number
  completionTokens: number
  totalTokens: number
}

export interface ExtractionResult {
  /** The filled object: what the page states, conforming to the schema's types. */
  data: Record<string, unknown>
  /** Top-level fields of the schema the page did not fill. */
  missing: string[]
  /** Tokens spent, when a model did the work. */
  usage?: TokenUsage
}

/**
 * Fills a JSON Schema from one page. Chosen once at service start (WEB_DATA_EXTRACTOR) and
 * handed to everything that extracts: scrape `json`, extract jobs and agent runs.
 */
export interface Extractor {
  /** `facts` or `openai`. */
  readonly name: string
  /** Rejects with an ApiError of the catalog (422, 502, 504) when the work cannot be done. */
  extract(request: ExtractionRequest): Promise<ExtractionResult>
}

/** The extraction view of a fetched page; its facts are parsed from `html` only when asked for. */
export function extractionPage(input: { url: string; markdown: string; html: string }): ExtractionPage {
  let facts: PageFacts | undefined
  return {
    url: input.url,
    markdown: input.markdown,
    facts: () => {
      facts ??= readFacts(input.html, input.url)
      return facts
    },
  }
}
