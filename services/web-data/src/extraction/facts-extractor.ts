import type { Extractor } from './extractor.js'
import { fillFromFacts } from './fill-from-facts.js'
import { missingFields } from './merge.js'

/**
 * The default extractor: no network, no model. It fills the schema from what the page states
 * (JSON-LD, meta tags, itemprops, tables, lists under headings, "Label: value" text) and leaves
 * out, and reports, the fields nothing states. Prompts are not read.
 */
export function factsExtractor(): Extractor {
  return {
    name: 'facts',
    async extract({ page, schema }) {
      const data = fillFromFacts(page.facts(), schema)
      return { data, missing: missingFields(data, schema) }
    },
  }
}
