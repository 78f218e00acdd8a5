import { createRequire } from 'node:module'
import { Ajv, type AnySchemaObject, type Options } from 'ajv'
import { Ajv2019 } from 'ajv/dist/2019.js'
import { Ajv2020 } from 'ajv/dist/2020.js'
import draft04 from 'ajv-draft-04'
import { ApiError } from '../errors.js'

const require = createRequire(import.meta.url)
// A CommonJS module whose class is its `default` property as seen from ESM types.
const AjvDraft04 = draft04.default

/** What every validator of a caller's JSON Schema shares. */
const OPTIONS: Options = {
  strict: false,
  allErrors: false,
  // Without it, `properties` and `required` read a field such as `constructor` from the prototype.
  ownProperties: true,
}

type Validator = Ajv | Ajv2019 | Ajv2020 | InstanceType<typeof AjvDraft04>

/**
 * The dialects a schema may declare in `$schema`, each with its own Ajv: a draft-07 meta-schema
 * is unknown to the 2020-12 Ajv (it would answer "no schema with key or ref"), and the drafts
 * differ in keywords (`exclusiveMaximum` is a boolean in draft-04, `$defs` came with 2019-09).
 * SDKs write draft-07 (zod-to-json-schema) or 2020-12 (zod 4's `toJSONSchema`).
 */
const DIALECTS: Record<string, () => Validator> = {
  'json-schema.org/draft-04/schema': () => new AjvDraft04(OPTIONS),
  'json-schema.org/draft-06/schema': () => {
    const ajv = new Ajv(OPTIONS)
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as AnySchemaObject)
    return ajv
  },
  'json-schema.org/draft-07/schema': () => new Ajv(OPTIONS),
  'json-schema.org/draft/2019-09/schema': () => new Ajv2019(OPTIONS),
  'json-schema.org/draft/2020-12/schema': () => new Ajv2020(OPTIONS),
}
/** A schema without `$schema` is read as 2020-12, which also takes the usual draft-07 keywords. */
const DEFAULT_DIALECT = 'json-schema.org/draft/2020-12/schema'

// One Ajv per dialect for the process, made at first use: building one compiles its meta-schemas,
// the slow part.
const made = new Map<string, Validator>()

/** `http://json-schema.org/draft-07/schema#` and its spellings → the key of DIALECTS. */
function dialectKey(uri: string): string {
  return uri.replace(/^https?:\/\//, '').replace(/#$/, '')
}

/** The Ajv for the dialect `schema` declares; 422 for a `$schema` no validator knows. */
export function validatorFor(schema: unknown): Validator {
  const declared =
    schema && typeof schema === 'object' ? (schema as Record<string, unknown>).$schema : undefined
  const key = typeof declared === 'string' ? dialectKey(declared) : DEFAULT_DIALECT
  // Own keys only: `$schema` is the caller's text, and `constructor` is a key of every object.
  const make = Object.hasOwn(DIALECTS, key) ? DIALECTS[key] : undefined
  if (!make) {
    throw new ApiError(
      422,
      `Invalid JSON schema: unsupported $schema ${JSON.stringify(declared)} (draft-04, draft-06, draft-07, 2019-09 and 2020-12 are supported)`,
    )
  }
  let validator = made.get(key)
  if (!validator) {
    validator = make()
    made.set(key, validator)
  }
  return validator
}
