/**
 * No bare `type: object` in either bundle: openapi-typescript types one as an object that can hold
 * nothing (`Record<string, never>`), so a free-form object must say `additionalProperties: true`.
 * Examples are values, not schemas, and are skipped.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { APIS, bundlePath } from '../src/paths.js'

const SHAPING = [
  'properties',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'allOf',
  'oneOf',
  'anyOf',
  '$ref',
]

function bareObjects(node: unknown, path: string): string[] {
  if (Array.isArray(node)) return node.flatMap((v, i) => bareObjects(v, `${path}/${i}`))
  if (!node || typeof node !== 'object') return []
  const schema = node as Record<string, unknown>
  const type = schema.type
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'))
  const own = isObject && !SHAPING.some((k) => k in schema) ? [path] : []
  return [
    ...own,
    ...Object.entries(schema)
      .filter(([k]) => k !== 'example' && k !== 'examples')
      .flatMap(([k, v]) => bareObjects(v, `${path}/${k}`)),
  ]
}

it.each(APIS)('%s: every object schema says what it holds', (api) => {
  expect(bareObjects(JSON.parse(readFileSync(bundlePath(api), 'utf8')), '#')).toEqual([])
})
