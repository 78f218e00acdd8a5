/**
 * Wire compatibility: every schema of the sheet exists as a bundled component of the same name
 * with the same property names, required list, types, enums and limits.
 */
import { describe, expect, it } from 'vitest'
import { componentName, type Json, loadBundle } from './bundle.js'
import { type Constraints, type SheetSchema, sheetSchemas } from './reference.js'

const doc = loadBundle()
const schemas: Record<string, Json> = doc.components.schemas
const sheet = sheetSchemas()

/** Keywords compared when the sheet states them. */
const KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'enum',
  'default',
  'format',
  'deprecated',
] as const

/** The sheet writes `format "int"`; we use the registered OpenAPI format `int32` (DEVIATIONS.md). */
const FORMAT_ALIASES: Record<string, string> = { int: 'int32' }

/**
 * Credit amounts go up to 2^53 - 1 where the sheet says 2^63 - 1: no JavaScript client or service
 * keeps a larger JSON number exactly (DEVIATIONS.md, "Schema differences").
 */
const SAFE_INTEGER_MAXIMA = new Set([
  'V2KeysUpdateCreditsRequestBody.value',
  'KeyCreditsData.remaining',
  'UpdateKeyCreditsData.remaining',
  'KeyCreditsRefill.amount',
  'UpdateKeyCreditsRefill.amount',
])

/**
 * Fields that may also be `null` where the sheet does not say so, because the official SDK sends
 * `null` there (DEVIATIONS.md, "Schema differences").
 */
const NULLABLE_PER_SDK = new Set(['V2GatewayUpdatePolicyRequestBody.match'])

function expectConstraints(where: string, actual: Json, expected: Constraints): void {
  for (const key of KEYWORDS) {
    if (!(key in expected)) continue
    if (key === 'maximum' && SAFE_INTEGER_MAXIMA.has(where)) {
      expect(actual?.maximum, `${where}: maximum`).toBe(Number.MAX_SAFE_INTEGER)
      continue
    }
    let want = expected[key]
    if (key === 'format' && typeof want === 'string') want = FORMAT_ALIASES[want] ?? want
    const got = actual?.[key]
    if (typeof want === 'number') {
      // Compared as doubles: the sheet prints 2^63-1 as 9223372036854776000.
      expect(Number(got), `${where}: ${key}`).toBe(want)
    } else {
      expect(got, `${where}: ${key}`).toEqual(want)
    }
  }
}

/** Checks a property schema against a sheet type expression. */
function expectType(where: string, prop: Json, type: string): void {
  let m = /^→(\w+)$/.exec(type)
  if (m) {
    expect(componentName(prop.$ref) ?? componentName(prop.allOf?.[0]?.$ref), `${where}: $ref`).toBe(m[1])
    return
  }
  m = /^allOf\(→(\w+)\)$/.exec(type)
  if (m) {
    expect(componentName(prop.$ref) ?? componentName(prop.allOf?.[0]?.$ref), `${where}: $ref`).toBe(m[1])
    return
  }
  m = /^anyOf\(→(\w+) \| null\)$/.exec(type)
  if (m) {
    const refs = (prop.anyOf ?? prop.oneOf ?? []).map((s: Json) => componentName(s.$ref) ?? s.type)
    expect(refs.sort(), `${where}: anyOf`).toEqual([m[1], 'null'].sort())
    return
  }
  m = /^array<(.+)>$/.exec(type)
  if (m) {
    const types = NULLABLE_PER_SDK.has(where) ? ['array', 'null'] : 'array'
    expect(prop.type, `${where}: type`).toEqual(types)
    expectType(`${where}[]`, prop.items ?? {}, m[1] as string)
    return
  }
  if (type.includes('|')) {
    expect([prop.type].flat().sort(), `${where}: type`).toEqual(type.split('|').sort())
    return
  }
  expect(prop.type, `${where}: type`).toBe(type)
}

/** Properties and required names, looking through `allOf` members. */
function collect(schema: Json): { properties: Record<string, Json>; required: string[] } {
  const properties: Record<string, Json> = { ...(schema.properties ?? {}) }
  const required: string[] = [...(schema.required ?? [])]
  for (const member of schema.allOf ?? []) {
    const target = member.$ref ? schemas[componentName(member.$ref) ?? ''] : member
    const inner = collect(target ?? {})
    Object.assign(properties, inner.properties)
    required.push(...inner.required)
  }
  return { properties, required }
}

function isClosed(schema: Json): boolean {
  return schema.additionalProperties === false || schema.unevaluatedProperties === false
}

describe('wire compatibility with the sheet', () => {
  it('loads a sensible number of schemas of the sheet', () => {
    expect(sheet.size).toBeGreaterThan(200)
  })

  for (const expected of sheet.values()) {
    it(expected.name, () => checkSchema(expected))
  }
})

/**
 * The sheet prints only the second `allOf` member of BadRequestErrorDetails (`errors`); the
 * first is BaseError, whose fields the error object carries as well.
 */
function expectedFields(expected: SheetSchema) {
  if (expected.name !== 'BadRequestErrorDetails') return expected.fields
  return [...(sheet.get('BaseError')?.fields ?? []), ...expected.fields]
}

function checkSchema(schema: SheetSchema): void {
  const expected = { ...schema, fields: expectedFields(schema) }
  const actual = schemas[expected.name]
  expect(actual, `component ${expected.name}`).toBeDefined()
  const where = expected.name
  expect([actual.type].flat().sort(), `${where}: type`).toEqual([expected.type].flat().sort())
  expectConstraints(where, actual, expected.constraints)
  if (expected.closed) expect(isClosed(actual), `${where}: rejects unknown properties`).toBe(true)
  const isObject = [expected.type].flat().includes('object')
  if (!isObject) return
  const { properties, required } = collect(actual)
  expect(Object.keys(properties).sort(), `${where}: property names`).toEqual(
    expected.fields.map((f) => f.name).sort(),
  )
  expect([...new Set(required)].sort(), `${where}: required`).toEqual(
    expected.fields
      .filter((f) => f.required)
      .map((f) => f.name)
      .sort(),
  )
  for (const field of expected.fields) {
    const prop = properties[field.name]
    expectType(`${where}.${field.name}`, prop, field.type)
    // Constraints of an array field apply to the array; of a $ref field, to the sibling keywords.
    expectConstraints(`${where}.${field.name}`, prop, field.constraints)
  }
}
