import { describe, expect, it } from 'vitest'
import { jsonBytes, jsonDepth } from './json-limits.js'

describe('json limits', () => {
  it('counts levels of objects and arrays', () => {
    expect(jsonDepth('x')).toBe(0)
    expect(jsonDepth({})).toBe(1)
    expect(jsonDepth({ a: [1, { b: null }] })).toBe(3)
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonDepth(deep)).toBe(100_000)
  })

  it('measures UTF-8 bytes of the JSON text', () => {
    expect(jsonBytes({ a: 'é' })).toBe(10)
  })
})
