#!/usr/bin/env node
/**
 * Extracts the wire facts of a public API's reference sheet into a JSON file that the spec tests
 * compare the bundle with (`src/wire-facts.ts` says what a fact is). Run once per sheet, after
 * `pnpm --dir tools/spec-rules build`:
 *
 *   node tools/spec-rules/scripts/extract-wire-facts.mjs <sheet.md> <out.json>
 *
 * for example `… /path/to/web-data-api-surface.md specs/web-data/reference/wire-facts.json`.
 * Nothing reads the sheet at test time; the output is committed.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { extractWireFacts } from '../dist/wire-facts-sheet.js'

const [input, output] = process.argv.slice(2)
if (!input || !output) {
  console.error('usage: node extract-wire-facts.mjs <sheet.md> <out.json>')
  process.exit(2)
}
const markdown = readFileSync(input, 'utf8')
const sha256 = createHash('sha256').update(markdown).digest('hex')
const facts = extractWireFacts(
  markdown,
  `${path.basename(input)} (reference sheet of the public API, sha256 ${sha256})`,
  `node tools/spec-rules/scripts/extract-wire-facts.mjs ${path.basename(input)} ${output}`,
)
// One line per property path, so that a diff of the file reads as a diff of facts.
const text = JSON.stringify(
  facts,
  (key, value) =>
    key === 'entries' && Array.isArray(value) ? value.map((e) => `@@${JSON.stringify(e)}@@`) : value,
  2,
).replace(/"@@((?:[^"\\]|\\.)*)@@"/g, (literal) => JSON.parse(literal).slice(2, -2))
writeFileSync(output, `${text}\n`)
console.log(
  `${output}: ${facts.counts.operations} operations, ${facts.counts.entries} property paths, ${facts.counts.facts} facts`,
)
