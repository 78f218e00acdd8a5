import { deleteAt, getAt, type Slot, setAt } from './body-slots.js'
import { HOSTILE_STRINGS, HOSTILE_URLS } from './hostile-values.js'
import type { RequestKind } from './request.js'
import { type Schema, typesOf } from './schema-arbitrary.js'

export function deepValue(depth: number, leaf: unknown = 1, asArray = false): unknown {
  let value: unknown = leaf
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value }
  return value
}

const hugeValues = new Map<string, unknown>()

/**
 * A string, an array or an object of about `size` bytes of JSON. Each is built once and shared by
 * every request that sends it: no body is changed after it is built (variants are copies), and a
 * run draws hundreds of them.
 */
function hugeValue(size: number, shape: number): unknown {
  const key = `${size} ${shape}`
  let value = hugeValues.get(key)
  if (value === undefined) {
    value =
      shape === 0
        ? 'a'.repeat(size)
        : shape === 1
          ? Array.from({ length: Math.floor(size / 20) }, (_, i) => i)
          : Object.fromEntries(Array.from({ length: Math.floor(size / 200) }, (_, i) => [`k${i}`, i]))
    hugeValues.set(key, value)
  }
  return value
}

function wrongTypeOf(value: unknown): unknown[] {
  const all: unknown[] = ['1', 1, 1.5, true, null, [], {}, [1], { a: 1 }]
  return all.filter(
    (v) =>
      typeof v !== typeof value ||
      Array.isArray(v) !== Array.isArray(value) ||
      (v === null) !== (value === null),
  )
}

function outOfRange(schema: Schema, value: unknown): unknown[] {
  const out: unknown[] = []
  if (typeof schema.maximum === 'number') out.push((schema.maximum as number) + 1, 1e300, 2 ** 63)
  if (typeof schema.minimum === 'number') out.push((schema.minimum as number) - 1, -1e300, -(2 ** 63))
  if (typesOf(schema).includes('integer')) out.push(1.5, 2 ** 53 + 2)
  if (typeof schema.maxLength === 'number') out.push('a'.repeat((schema.maxLength as number) + 1))
  if (typeof schema.minLength === 'number' && (schema.minLength as number) > 0)
    out.push('a'.repeat((schema.minLength as number) - 1))
  if (typeof schema.maxItems === 'number' && Array.isArray(value))
    out.push(Array.from({ length: (schema.maxItems as number) + 1 }, () => value[0] ?? 'a'))
  if (typeof schema.minItems === 'number' && (schema.minItems as number) > 0) out.push([])
  if (Array.isArray(schema.enum)) out.push('not-an-enum-value', '')
  if (typeof schema.pattern === 'string') out.push('!!! no match \u00e9 ###', '')
  if (schema.format === 'uri' || schema.format === 'url') out.push(...HOSTILE_URLS)
  if (schema.format === 'uuid') out.push('not-a-uuid', '00000000-0000-0000-0000-00000000000g')
  if (schema.format === 'date-time') out.push('2024-13-45T99:99:99Z', 'yesterday')
  if (out.length === 0) out.push(-1, 0, 2 ** 63, 'x'.repeat(5000))
  return out
}

export type Mutation = (
  body: unknown,
  slot: Slot,
  pick: number,
) => { body: unknown; kind: RequestKind } | undefined

export const BODY_MUTATIONS: Array<[RequestKind, Mutation]> = [
  [
    'missing-required',
    (body, slot, pick) =>
      slot.required.length > 0
        ? {
            body: deleteAt(body, [...slot.path, slot.required[pick % slot.required.length] as string]),
            kind: 'missing-required',
          }
        : undefined,
  ],
  [
    'wrong-type',
    (body, slot, pick) => {
      const options = wrongTypeOf(getAt(body, slot.path))
      return { body: setAt(body, slot.path, options[pick % options.length]), kind: 'wrong-type' }
    },
  ],
  [
    'out-of-range',
    (body, slot, pick) => {
      const options = outOfRange(slot.schema, getAt(body, slot.path))
      return { body: setAt(body, slot.path, options[pick % options.length]), kind: 'out-of-range' }
    },
  ],
  [
    'unknown-property',
    (body, slot, pick) => {
      const target = getAt(body, slot.path)
      if (!target || typeof target !== 'object' || Array.isArray(target)) return undefined
      const names = ['__fuzz', 'constructor', '__proto__', 'toString', 'unknownField']
      const name = names[pick % names.length] as string
      const copy = { ...(target as object) }
      Object.defineProperty(copy, name, { value: 1, enumerable: true, writable: true, configurable: true })
      return { body: setAt(body, slot.path, copy), kind: 'unknown-property' }
    },
  ],
  [
    'huge-value',
    (body, slot, pick) => {
      const sizes = [70_000, 300_000, 1_100_000]
      const size = sizes[pick % sizes.length] as number
      // The shape from another digit of the pick than the size: every size meets every shape.
      const shape = Math.floor(pick / sizes.length) % 3
      return { body: setAt(body, slot.path, hugeValue(size, shape)), kind: 'huge-value' }
    },
  ],
  [
    'deep-nesting',
    (body, slot, pick) => {
      const depths = [64, 300, 2_000, 6_000]
      return {
        body: setAt(body, slot.path, deepValue(depths[pick % depths.length] as number, 1, pick % 2 === 1)),
        kind: 'deep-nesting',
      }
    },
  ],
  [
    'nul-surrogate',
    (body, slot, pick) => {
      const value = getAt(body, slot.path)
      const hostile = HOSTILE_STRINGS[pick % HOSTILE_STRINGS.length] as string
      if (value && typeof value === 'object' && !Array.isArray(value) && pick % 3 === 0)
        return {
          body: setAt(body, slot.path, { ...(value as object), [hostile]: 'v' }),
          kind: 'nul-surrogate',
        }
      const text = typeof value === 'string' ? `${value.slice(0, 3)}${hostile}${value.slice(3)}` : hostile
      return { body: setAt(body, slot.path, text), kind: 'nul-surrogate' }
    },
  ],
  [
    'invalid-utf8',
    (body, slot, pick) => {
      const value = getAt(body, slot.path)
      const marker = pick % 2 === 0 ? '\uE000' : '\uE001'
      const text = typeof value === 'string' ? `${value}${marker}` : `a${marker}b`
      return { body: setAt(body, slot.path, text), kind: 'invalid-utf8' }
    },
  ],
]
