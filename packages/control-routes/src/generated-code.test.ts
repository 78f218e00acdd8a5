import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** `z.string().url()`-style calls: deprecated in zod 4 in favour of `z.url()`, `z.uuid()`, `z.iso.datetime()`… */
const DEPRECATED =
  /z\.string\(\)(\.\w+\([^()]*\))*\.(email|url|uuid|guid|cuid2?|ulid|nanoid|emoji|ipv4|ipv6|ip|cidrv4|cidrv6|base64url|base64|e164|jwt|datetime|date|time|duration)\(/g

describe('generated code', () => {
  it('uses no zod method deprecated in zod 4', () => {
    const dir = new URL('./generated/', import.meta.url)
    const found: string[] = []
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      for (const match of readFileSync(new URL(file, dir), 'utf8').matchAll(DEPRECATED)) {
        found.push(`${file}: ${match[0]}`)
      }
    }
    expect(found).toEqual([])
  })
})
