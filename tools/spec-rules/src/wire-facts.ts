/**
 * Wire facts: what a public API's reference sheet states about the JSON bodies on the wire, one
 * fact at a time, and how many of them a bundled OpenAPI document keeps.
 *
 * For every operation of the sheet and every request or response body it gives a schema for,
 * every property path of the body (dotted; `[]` steps into array items, `*` into the values of a
 * map or of undeclared keys, e.g. `data[].metadata.language`) is an entry with these facts:
 *
 * - `exists`: the path is declared;
 * - `type`: its JSON types (`string`, `number`, `integer`, `boolean`, `object`, `array`, `null`),
 *   compared as a set (a sheet field `string; nullable` is `string | null`; `oneOf(string |
 *   array<string>)` is `array | string`); stated when the sheet gives a type (not for `any`);
 * - `enum`: its value list (without `null`), compared as a set; when the sheet gives one;
 * - `required`: in request bodies whether it is required (true or false, both matter: a spec
 *   that requires an optional field refuses valid requests); in response bodies only when the
 *   sheet marks it required (answering an optional field always is a valid answer).
 *
 * Compositions are looked through the same way on both sides: `$ref`s are followed, `allOf`
 * members are merged, and `oneOf`/`anyOf` branches are unioned (a path exists when one branch
 * declares it; its types and values are those of all branches; it is required when every branch
 * that declares it requires it).
 */

export { type Comparison, compareWireFacts, describeFact } from './wire-facts-compare.js'
export { type Deviation, deviationMatches, parseDeviations } from './wire-facts-deviations.js'
export { countFacts, enumerate, factsOf } from './wire-facts-entries.js'
export type {
  Fact,
  FactKind,
  Json,
  UnmatchedFact,
  WireBody,
  WireEntry,
  WireFactsFile,
  WireOperation,
} from './wire-facts-types.js'
export { expand, type Step, type Summary, segments, step, summarize } from './wire-facts-views.js'
