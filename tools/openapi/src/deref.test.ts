import { describe, expect, it } from 'vitest'
import { deref, pointerKeys, resolvePointer } from './deref.js'
import type { OpenApiDocument } from './document.js'

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  components: {
    schemas: {
      Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' } } },
      Owner: { type: 'string' },
      'a/b~c': { type: 'integer' },
      Alias: { $ref: '#/components/schemas/Pet' },
      Loop: { $ref: '#/components/schemas/Loop2' },
      Loop2: { $ref: '#/components/schemas/Loop' },
      Dangling: { $ref: '#/components/schemas/Nowhere' },
    },
    responses: { NotFound: { description: 'Not found' } },
  },
}

describe('pointerKeys', () => {
  it('decodes ~1, ~0 and percent escapes', () => {
    expect(pointerKeys('#/components/schemas/a~1b~0c')).toEqual(['components', 'schemas', 'a/b~c'])
    expect(pointerKeys('#/paths/~1v2~1%7Bid%7D')).toEqual(['paths', '/v2/{id}'])
    expect(pointerKeys('#')).toEqual([])
  })

  it('refuses a reference into another file', () => {
    expect(() => pointerKeys('other.yaml#/Pet')).toThrow(/Only local/)
  })
})

describe('resolvePointer', () => {
  it('reads the named node', () => {
    expect(resolvePointer(doc, '#/components/schemas/a~1b~0c')).toEqual({ type: 'integer' })
    expect(resolvePointer(doc, '#/components/responses/NotFound')).toEqual({ description: 'Not found' })
  })

  it('throws on a missing target unless lenient', () => {
    expect(() => resolvePointer(doc, '#/components/schemas/Nowhere')).toThrow(/Cannot resolve/)
    expect(resolvePointer(doc, '#/components/schemas/Nowhere', { strict: false })).toBeUndefined()
    expect(resolvePointer(doc, 'x.yaml#/a', { strict: false })).toBeUndefined()
  })
})

describe('deref', () => {
  it('returns a value that is not a reference as it is', () => {
    const value = { type: 'string' }
    expect(deref(doc, value)).toBe(value)
    expect(deref(doc, undefined)).toBeUndefined()
  })

  it('follows chains of references and leaves the inner ones in place', () => {
    const pet = deref(doc, { $ref: '#/components/schemas/Alias' })
    expect(pet).toBe(doc.components?.schemas && (doc.components.schemas as Record<string, unknown>).Pet)
    expect(pet.properties).toEqual({ owner: { $ref: '#/components/schemas/Owner' } })
  })

  it('throws on a circular chain or a dangling reference unless lenient', () => {
    expect(() => deref(doc, { $ref: '#/components/schemas/Loop' })).toThrow(/Circular/)
    expect(() => deref(doc, { $ref: '#/components/schemas/Dangling' })).toThrow(/Cannot resolve/)
    expect(deref(doc, { $ref: '#/components/schemas/Loop' }, { strict: false })).toBeUndefined()
    expect(deref(doc, { $ref: '#/components/schemas/Dangling' }, { strict: false })).toBeUndefined()
  })
})
