/** The sentence of a document's `warning` that names the requested formats it lacks. */
const SENTENCE = /Formats not produced by this service: ([^.]*)\./

/** The document field a format fills, where it is not named after the format. */
const FIELD: Record<string, string> = { 'screenshot@fullPage': 'screenshot' }

/** The warning sentence for `formats`, none of which the document holds. */
export function unproducedSentence(formats: readonly string[]): string {
  return `Formats not produced by this service: ${formats.join(', ')}.`
}

/**
 * Takes out of the document's warning the formats it holds after all (a screenshot the browser
 * took once the document was built), wherever the sentence stands among the other notes (the
 * `json` format appends one). The warning goes when nothing is left of it.
 */
export function dropProducedFormats(document: Record<string, unknown>): void {
  if (typeof document.warning !== 'string') return
  const named = SENTENCE.exec(document.warning)?.[1]
  if (named === undefined) return
  const left = named.split(', ').filter((format) => document[FIELD[format] ?? format] === undefined)
  const warning = document.warning
    .replace(SENTENCE, left.length > 0 ? unproducedSentence(left) : '')
    .replace(/\s+/g, ' ')
    .trim()
  if (warning) document.warning = warning
  else delete document.warning
}
