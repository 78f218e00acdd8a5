import type { FetchedPage } from '../net/fetch-page.js'
import type { ParsedPage } from '../scrape/document.js'
import type { FormatInput, FormatRequest } from '../scrape/formats.js'
import type { JsonFormat } from '../scrape/types.js'
import { type Extractor, extractionPage, type TokenUsage } from './extractor.js'
import { assertValidJsonSchema, DEFAULT_SCHEMA, type JsonSchema } from './json-schema.js'

/**
 * Fills the `json` format of a scraped document, when the (normalised) formats have one, with the
 * service's extractor: `document.json`, and a `warning` naming the fields the page did not state.
 * Returns the tokens a model spent. Extractor failures (422, 502, 504) propagate.
 */
export async function fillJsonFormat(
  document: Record<string, unknown>,
  page: FetchedPage,
  parsed: ParsedPage,
  formats: Pick<FormatRequest, 'json'>,
  extractor: Extractor,
  signal?: AbortSignal,
): Promise<TokenUsage | undefined> {
  const json = formats.json
  if (!json) return undefined
  const result = await extractor.extract({
    page: extractionPage({ url: page.finalUrl, markdown: parsed.markdown, html: page.body }),
    schema: (json.schema as JsonSchema | undefined) ?? DEFAULT_SCHEMA,
    prompt: json.prompt,
    signal,
  })
  document.json = result.data
  if (result.missing.length > 0) {
    const note = `JSON fields the page does not state: ${result.missing.join(', ')}.`
    document.warning = typeof document.warning === 'string' ? `${document.warning} ${note}` : note
  }
  return result.usage
}

/** 422 `Invalid JSON schema: …` when a `json` format's schema is not JSON Schema. */
export function assertValidFormatSchemas(formats: readonly FormatInput[] | undefined): void {
  for (const format of formats ?? []) {
    if (typeof format === 'object' && format.type === 'json' && format.schema !== undefined) {
      assertValidJsonSchema(format.schema)
    }
  }
}

/** The `json` format as scrape/ takes it, filled by `extractor`. */
export function jsonFormatWith(extractor: Extractor): JsonFormat {
  return {
    assertValidSchemas: assertValidFormatSchemas,
    fill: (document, page, parsed, formats) => fillJsonFormat(document, page, parsed, formats, extractor),
  }
}
