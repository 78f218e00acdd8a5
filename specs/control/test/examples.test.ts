/**
 * Every example in the bundled spec (request bodies, success responses, shared and inline error
 * responses) validates against its schema, and every operation carries the examples our
 * conventions require.
 */
import { walkOperations } from '@apiplatform/openapi-toolkit'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { type Json, loadBundle, methods } from './bundle.js'

const doc = loadBundle()
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true })
addFormats(ajv)
ajv.addSchema(doc, 'openapi.json')

const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1')

interface Case {
  name: string
  schemaPointer: string
  value: unknown
}

/** Collects `examples` of a media type object found at `pointer`. */
function mediaExamples(label: string, pointer: string, media: Json, out: Case[]): void {
  for (const [name, example] of Object.entries<Json>(media.examples ?? {})) {
    out.push({ name: `${label} ${name}`, schemaPointer: `${pointer}/schema`, value: example.value })
  }
  if ('example' in media)
    out.push({ name: `${label} example`, schemaPointer: `${pointer}/schema`, value: media.example })
}

const cases: Case[] = []
for (const [name, response] of Object.entries<Json>(doc.components.responses ?? {})) {
  for (const [ct, media] of Object.entries<Json>(response.content ?? {})) {
    mediaExamples(
      `components.responses.${name} ${ct}`,
      `#/components/responses/${name}/content/${escapePointer(ct)}`,
      media,
      cases,
    )
  }
}
for (const { path: p, method, operation } of walkOperations(doc, { methods, strict: false })) {
  const op: Json = operation
  const base = `#/paths/${escapePointer(p)}/${method}`
  for (const [ct, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
    mediaExamples(
      `${op.operationId} request`,
      `${base}/requestBody/content/${escapePointer(ct)}`,
      media,
      cases,
    )
  }
  for (const [status, response] of Object.entries<Json>(op.responses)) {
    if (response.$ref) continue // shared responses are checked once, above
    for (const [ct, media] of Object.entries<Json>(response.content ?? {})) {
      mediaExamples(
        `${op.operationId} ${status}`,
        `${base}/responses/${status}/content/${escapePointer(ct)}`,
        media,
        cases,
      )
    }
  }
}

describe('examples validate against their schemas', () => {
  it('finds examples', () => {
    expect(cases.length).toBeGreaterThan(100)
  })
  for (const c of cases) {
    it(c.name, () => {
      const validate = ajv.getSchema(`openapi.json${c.schemaPointer}`)
      expect(validate, `schema at ${c.schemaPointer}`).toBeDefined()
      const ok = validate?.(c.value)
      expect(validate?.errors ?? [], JSON.stringify(c.value)).toEqual([])
      expect(ok).toBe(true)
    })
  }
})

describe('every operation carries examples', () => {
  for (const { path: p, operation, responses } of walkOperations(doc, { methods, strict: false })) {
    const op: Json = operation
    it(`${op.operationId}`, () => {
      for (const media of Object.values<Json>(op.requestBody?.content ?? {})) {
        expect(Object.keys(media.examples ?? {}).length, `${p} request examples`).toBeGreaterThan(0)
      }
      for (const [status, response] of Object.entries<Json>(responses)) {
        for (const media of Object.values<Json>(response.content ?? {})) {
          expect(Object.keys(media.examples ?? {}).length, `${p} ${status} examples`).toBeGreaterThan(0)
        }
      }
    })
  }
})
