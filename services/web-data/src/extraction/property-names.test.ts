import { describe, expect, it } from 'vitest'
import { extractionPage } from './extractor.js'
import { factsExtractor } from './facts-extractor.js'
import { candidates } from './field-values.js'
import { assertValidJsonSchema, conformanceErrors, type JsonSchema } from './json-schema.js'
import { mergeResults, missingFields } from './merge.js'
import { conformingAnswer } from './model-answer.js'

// Field names that are also keys of Object.prototype. Parsed from JSON, as a request's schema
// is, so `__proto__` is an own property of `properties` and not the object's prototype.
const NAMES = ['constructor', 'productConstructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']
const schemaOf = (type: string): JsonSchema =>
  JSON.parse(
    JSON.stringify({ type: 'object', properties: 'PROPS' }).replace(
      '"PROPS"',
      `{${NAMES.map((n) => `"${n}":{"type":"${type}"}`).join(',')}}`,
    ),
  )

const PAGE = `<html><body><dl>
  <dt>Constructor</dt><dd>Acme Works</dd>
  <dt>Proto</dt><dd>P-1</dd>
  <dt>To string</dt><dd>plain</dd>
  <dt>Has own property</dt><dd>own</dd>
  <dt>Value of</dt><dd>worth</dd>
</dl></body></html>`

/** Own enumerable entries in order: what JSON.stringify and the API's response show. */
const entries = (value: object) => JSON.parse(JSON.stringify(Object.entries(value)))

describe('schema property names that are keys of Object.prototype are plain data', () => {
  it('the facts extractor fills them from what the page states', async () => {
    const schema = schemaOf('string')
    const result = await factsExtractor().extract({
      page: extractionPage({ url: 'https://shop.example.org/', markdown: '', html: PAGE }),
      schema,
    })
    expect(entries(result.data)).toEqual([
      ['constructor', 'Acme Works'],
      ['productConstructor', 'Acme Works'],
      ['__proto__', 'P-1'],
      ['toString', 'plain'],
      ['hasOwnProperty', 'own'],
      ['valueOf', 'worth'],
    ])
    expect(Object.getPrototypeOf(result.data)).not.toBe(null)
    expect(result.missing).toEqual([])
  })

  it('a nested object under __proto__ stays a field and does not become the prototype', async () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"object","properties":{"constructor":{"type":"string"}}}}}',
    )
    const { data } = await factsExtractor().extract({
      page: extractionPage({ url: 'https://shop.example.org/', markdown: '', html: PAGE }),
      schema,
    })
    expect(JSON.stringify(data)).toBe('{"__proto__":{"constructor":"Acme Works"}}')
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
  })

  it('names nothing states are reported missing, and no synonym list is looked up on the prototype', async () => {
    const { data, missing } = await factsExtractor().extract({
      page: extractionPage({ url: 'https://shop.example.org/', markdown: '', html: '<p>nothing</p>' }),
      schema: schemaOf('string'),
    })
    expect(entries(data)).toEqual([])
    expect(missing).toEqual(NAMES)
    expect(candidates('constructor', {})).toEqual(['constructor'])
  })

  it('results merge them as fields and report them missing until found', () => {
    const schema = schemaOf('string')
    const result: Record<string, unknown> = {}
    expect(missingFields(result, schema)).toEqual(NAMES)
    const found = JSON.parse('{"constructor":"a","__proto__":{"x":1},"toString":"b"}')
    expect(mergeResults(result, found)).toEqual(['constructor', '__proto__', 'toString'])
    expect(JSON.stringify(result)).toBe('{"constructor":"a","__proto__":{"x":1},"toString":"b"}')
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype)
    expect(missingFields(result, schema)).toEqual(['productConstructor', 'hasOwnProperty', 'valueOf'])
  })

  it("a model's answer keeps them and drops the nulls the schema does not allow", () => {
    const answer = '{"constructor":"Acme","__proto__":null,"toString":null,"valueOf":"v"}'
    const { data, missing } = conformingAnswer(
      { choices: [{ message: { content: answer } }] },
      schemaOf('string'),
      true,
    )
    expect(JSON.stringify(data)).toBe('{"constructor":"Acme","valueOf":"v"}')
    expect(missing).toEqual(['productConstructor', '__proto__', 'toString', 'hasOwnProperty'])
  })
})

describe('schema keywords that name Object.prototype keys', () => {
  it('a `$schema` of "constructor" is an unknown dialect (422), not a validator', () => {
    expect(() => assertValidJsonSchema({ $schema: 'constructor', type: 'object' })).toThrow(
      expect.objectContaining({ status: 422, error: expect.stringContaining('unsupported $schema') }),
    )
  })

  it('`required` is not met by an inherited member', () => {
    const schema = JSON.parse(
      '{"type":"object","required":["constructor"],"properties":{"constructor":{"type":"string"}}}',
    )
    expect(conformanceErrors(schema, {})).toEqual([
      { path: '/', message: "must have required property 'constructor'" },
    ])
  })
})
