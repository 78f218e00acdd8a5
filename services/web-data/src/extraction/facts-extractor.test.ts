import { describe, expect, it } from 'vitest'
import { PAGES } from '../testing/fixture-site.js'
import { extractionPage } from './extractor.js'
import { factsExtractor } from './facts-extractor.js'
import { coerce } from './field-values.js'
import type { JsonSchema } from './json-schema.js'
import { mergeResults } from './merge.js'

const pageOf = (html: string, url = 'https://shop.example.org/item') =>
  extractionPage({ url, markdown: '', html })
const extract = (html: string, schema: JsonSchema) => factsExtractor().extract({ page: pageOf(html), schema })

describe('factsExtractor (the default, no network)', () => {
  it('fills fields from JSON-LD, meta tags, definition lists and labelled text, and reports the rest', async () => {
    const result = await extract(PAGES['/product.html'] as string, {
      type: 'object',
      properties: {
        name: { type: 'string' },
        price: { type: 'number' },
        currency: { type: 'string' },
        capacity: { type: 'string' },
        warranty: { type: 'string' },
        inStock: { type: 'boolean' },
        brand: { type: 'string' },
        weight: { type: 'string' },
        url: { type: 'string' },
      },
    })
    expect(result).toEqual({
      data: {
        name: 'Acme Kettle',
        price: 49.9,
        currency: 'EUR',
        capacity: '1.7 litres',
        warranty: '2 years',
        inStock: true,
        brand: 'Acme',
        url: 'https://shop.example.org/item',
      },
      missing: ['weight'],
    })
    expect(result.usage).toBeUndefined()
  })

  it('fills arrays of objects from a table whose headers name the fields', async () => {
    const result = await extract(PAGES['/releases.html'] as string, {
      type: 'object',
      properties: {
        releases: {
          type: 'array',
          items: { type: 'object', properties: { version: { type: 'string' }, date: { type: 'string' } } },
        },
      },
    })
    expect(result.data).toEqual({
      releases: [
        { version: 'v3.2.0', date: '2024-10-29' },
        { version: 'v3.1.0', date: '2024-06-11' },
      ],
    })
  })

  it('fills string arrays from the list under a heading and nested objects field by field', async () => {
    const html = `<h2>Features</h2><ul><li>Auto off</li><li>Boil-dry protection</li></ul>
      <dl><dt>Manufacturer name</dt><dd>Acme Appliances</dd><dt>Country</dt><dd>Germany</dd></dl>`
    const result = await extract(html, {
      type: 'object',
      properties: {
        features: { type: 'array', items: { type: 'string' } },
        manufacturer: {
          type: 'object',
          properties: { country: { type: 'string' }, founded: { type: 'integer' } },
        },
      },
    })
    expect(result.data).toEqual({
      features: ['Auto off', 'Boil-dry protection'],
      manufacturer: { country: 'Germany' },
    })
  })

  it('leaves out what does not fit the field’s type or enum', async () => {
    const html = '<p>Price: on request</p><p>Size: huge</p>'
    const result = await extract(html, {
      type: 'object',
      properties: { price: { type: 'number' }, size: { enum: ['small', 'large'] } },
    })
    expect(result).toEqual({ data: {}, missing: ['price', 'size'] })
  })
})

describe('coerce', () => {
  it.each([
    ['1,299.50 EUR', { type: 'number' }, 1299.5],
    ['7.6', { type: 'integer' }, 8],
    ['Out of stock', { type: 'boolean' }, false],
    ['https://schema.org/InStock', { type: 'boolean' }, true],
    ['a, b; c', { type: 'array', items: { type: 'string' } }, ['a', 'b', 'c']],
    ['LARGE', { enum: ['small', 'large'] }, 'large'],
    ['none', { type: 'number' }, undefined],
  ] as Array<[string, JsonSchema, unknown]>)('reads %j as %j → %j', (value, schema, expected) => {
    expect(coerce(value, schema)).toEqual(expected)
  })
})

describe('mergeResults', () => {
  it('keeps fields already found, grows lists without duplicates and names what changed', () => {
    const current: Record<string, unknown> = { name: 'Acme', tags: ['a'] }
    expect(mergeResults(current, { name: 'Other', tags: ['a', 'b'], price: 3 })).toEqual(['tags', 'price'])
    expect(current).toEqual({ name: 'Acme', tags: ['a', 'b'], price: 3 })
  })
})
