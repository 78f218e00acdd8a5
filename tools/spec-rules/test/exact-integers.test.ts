import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { exactInt64Bounds } from '../src/exact-integers.js'

describe('exactInt64Bounds', () => {
  it('writes the rounded int64 bounds of a JSON bundle exactly, and leaves strings alone', () => {
    const doc = { maximum: 2 ** 63, minimum: -(2 ** 63), description: 'up to 9223372036854776000', n: 12 }
    const out = exactInt64Bounds(JSON.stringify(doc, null, 2), JSON.parse)
    expect(out).toContain('"maximum": 9223372036854775807')
    expect(out).toContain('"minimum": -9223372036854775808')
    expect(out).toContain('"up to 9223372036854776000"')
    expect(out).toContain('"n": 12')
  })

  it('does the same in YAML', () => {
    const out = exactInt64Bounds('maximum: 9223372036854776000\nenum:\n  - -9223372036854776000\n', parseYaml)
    expect(out).toBe('maximum: 9223372036854775807\nenum:\n  - -9223372036854775808\n')
  })

  it('refuses another integer a double cannot hold: its exact value is already lost', () => {
    expect(() => exactInt64Bounds('{"maximum": 9007199254740993}', JSON.parse)).toThrow(/#\/maximum/)
  })
})
