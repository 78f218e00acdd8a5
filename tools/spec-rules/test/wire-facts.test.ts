import { describe, expect, it } from 'vitest'
import { compareWireFacts, describeFact, parseDeviations } from '../src/wire-facts.js'
import { extractWireFacts, parseType } from '../src/wire-facts-sheet.js'

const SHEET = `# Sheet

## Operations

### POST /things
- operationId \`createThing\`; tags Things
- request body (application/json) **required**:
  type: object
  - \`name\`: string **required**; maxLength 10
  - \`kind\`: string; enum "a", "b"; default "a"
  - \`tags\`: array<string>
  - \`headers\`: object; map of string
  - \`sources\`: array<oneOf(object | object)>
    - (oneOf #1)
      - \`type\`: string **required**; enum "web"
      - \`tbs\`: string
    - (oneOf #2)
      - \`type\`: string **required**; enum "news"
- response 200 (application/json): →Thing
- response 404: no body

## Schemas

### Thing
type: object
- \`id\`: string **required**
- \`note\`: string; nullable
- \`count\`: integer|null
- \`title\`: oneOf(string | array<string>)
- \`meta\`: allOf(→Meta)
- \`<any other key> \`: string

### Meta
type: object; no extra properties
- \`at\`: string; format "date-time"

## Prose

- \`ignored\`: string
`

const facts = extractWireFacts(SHEET, 'test sheet', 'test')

const entries = (at: string) =>
  Object.fromEntries(
    (facts.operations[0]?.bodies.find((b) => b.at === at)?.entries ?? []).map(({ path, ...rest }) => [
      path,
      rest,
    ]),
  )

describe('reading a sheet', () => {
  it('parses type expressions', () => {
    expect(parseType('array<oneOf(string | →X)>')).toEqual({
      kind: 'array',
      item: {
        kind: 'oneOf',
        members: [
          { kind: 'prim', types: ['string'] },
          { kind: 'ref', name: 'X' },
        ],
      },
    })
    expect(parseType("['object', 'null']")).toEqual({ kind: 'prim', types: ['object', 'null'] })
    expect(parseType('integer|null')).toEqual({ kind: 'prim', types: ['integer', 'null'] })
    expect(() => parseType('array<string')).toThrow(/cannot read/)
  })

  it('lists every property path of a request body with types, values and requiredness', () => {
    expect(facts.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'post /things createThing',
    ])
    expect(entries('request')).toEqual({
      '': { types: ['object'] },
      name: { types: ['string'], required: true },
      kind: { types: ['string'], enum: ['a', 'b'], required: false },
      tags: { types: ['array'], required: false },
      'tags[]': { types: ['string'] },
      headers: { types: ['object'], required: false },
      'headers.*': { types: ['string'] },
      sources: { types: ['array'], required: false },
      'sources[]': { types: ['object'] },
      // branches are unioned: values of both, required where every branch that has it requires it
      'sources[].type': { types: ['string'], enum: ['news', 'web'], required: true },
      'sources[].tbs': { types: ['string'], required: false },
    })
  })

  it('states requiredness in responses only where the sheet requires; follows refs; skips no-body', () => {
    expect(entries('response 200')).toEqual({
      '': { types: ['object'] },
      id: { types: ['string'], required: true },
      note: { types: ['null', 'string'] },
      count: { types: ['integer', 'null'] },
      title: { types: ['array', 'string'] },
      'title[]': { types: ['string'] },
      meta: { types: ['object'] },
      'meta.at': { types: ['string'] },
      '*': { types: ['string'] },
    })
    expect(facts.operations[0]?.bodies.map((b) => b.at)).toEqual(['request', 'response 200'])
    expect(facts.counts).toEqual({ operations: 1, entries: 20, facts: 48 })
  })
})

/** Our document: the sheet's shape written differently, with four differences. */
const DOC = {
  paths: {
    '/v2/things': {
      post: {
        requestBody: { $ref: '#/components/requestBodies/Thing' },
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } },
        },
      },
    },
  },
  components: {
    requestBodies: {
      Thing: {
        content: {
          'application/json': {
            schema: {
              allOf: [
                { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                {
                  properties: {
                    kind: { enum: ['a', 'b', 'c'] }, // one value more
                    tags: { type: 'array', items: { type: 'string' } },
                    headers: { type: 'object', additionalProperties: { type: 'string' } },
                    sources: {
                      type: 'array',
                      items: {
                        anyOf: [
                          { type: 'string' }, // a short form the sheet lacks
                          {
                            type: 'object',
                            required: ['type'],
                            properties: { type: { const: 'web' }, tbs: { type: 'string' } },
                          },
                          { type: 'object', required: ['type'], properties: { type: { const: 'news' } } },
                        ],
                      },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    },
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'note'], // requiring an optional response field is fine
        additionalProperties: { type: 'string' },
        properties: {
          id: { type: 'string' },
          note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
          count: { type: 'integer' }, // not nullable
          title: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          // meta missing
        },
      },
    },
  },
}

describe('comparing a document with the facts', () => {
  const mapPath = (p: string) => `/v2${p}`

  it('counts matched facts and names the unmatched ones', () => {
    const r = compareWireFacts(DOC, facts.operations, { mapPath })
    expect(r.total).toBe(48)
    expect(r.unmatched.map(describeFact)).toEqual([
      'POST /v2/things request kind enum: sheet ["a","b"], ours ["a","b","c"]',
      'POST /v2/things request sources[] type: sheet ["object"], ours ["object","string"]',
      'POST /v2/things response 200 count type: sheet ["integer","null"], ours ["integer"]',
      'POST /v2/things response 200 meta exists: sheet true, ours missing',
      'POST /v2/things response 200 meta type: sheet ["object"], ours missing',
      'POST /v2/things response 200 meta.at exists: sheet true, ours missing',
      'POST /v2/things response 200 meta.at type: sheet ["string"], ours missing',
    ])
    expect(r.matched).toBe(41)
  })

  it('a required request field the sheet leaves optional does not match', () => {
    const doc = structuredClone(DOC)
    const first = doc.components.requestBodies.Thing.content['application/json'].schema.allOf[0]
    first?.required?.push('tags')
    const r = compareWireFacts(doc, facts.operations, { mapPath })
    expect(r.unmatched.map(describeFact)).toContain(
      'POST /v2/things request tags required: sheet false, ours true',
    )
  })

  it('a missing operation leaves all its facts unmatched', () => {
    const r = compareWireFacts(DOC, facts.operations)
    expect(r.matched).toBe(0)
    expect(r.unmatched[0]?.actual).toBe('no such operation')
  })

  it('counts facts listed as deviations, reports unused and malformed lines', () => {
    const { deviations, malformed } = parseDeviations(
      [
        '## Wire fact differences',
        '',
        '- `POST /v2/things` request `sources[]` type: the short form',
        '- `*` any `kind` enum: one more value',
        '- `*` any `nothing` exists: stale',
        '- `POST /v2/things` request `name` type',
        '## Other',
        '- `*` any `count` type: not in the section',
      ].join('\n'),
    )
    expect(malformed).toEqual(['- `POST /v2/things` request `name` type'])
    const r = compareWireFacts(DOC, facts.operations, { mapPath, deviations })
    expect(r.deviated.map((d) => d.line)).toEqual([
      '- `*` any `kind` enum: one more value',
      '- `POST /v2/things` request `sources[]` type: the short form',
    ])
    expect(r.unusedDeviations.map((d) => d.property)).toEqual(['nothing'])
    expect(r.unmatched).toHaveLength(5)
    expect(r.share).toBeCloseTo(43 / 48)
  })
})
