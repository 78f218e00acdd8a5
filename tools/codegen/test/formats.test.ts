import { readFileSync } from 'node:fs'
import { z } from '@hono/zod-openapi'
import { describe, expect, it } from 'vitest'
import { generateRoutes } from '../src/generate-routes.js'
import { schemaToZod, type ZodEmitContext } from '../src/schema-to-zod.js'

const ctx: ZodEmitContext = {
  identifier: (name) => name,
  isDeclared: () => true,
  component: () => undefined,
}
const emit = (schema: unknown) => schemaToZod(schema, ctx)
// Evaluates generated zod source with the zod this package builds against.
const compile = (code: string) => new Function('z', `return ${code}`)(z) as z.ZodType

/** The `z.string()` methods zod 4 deprecates in favour of top-level schemas. */
const DEPRECATED_STRING_METHODS =
  /z\.string\(\)(\.\w+\([^()]*\))*\.(email|url|uuid|guid|cuid2?|ulid|nanoid|emoji|ipv4|ipv6|ip|cidrv4|cidrv6|base64url|base64|e164|jwt|datetime|date|time|duration)\(/

describe('string formats', () => {
  it.each([
    ['uri', 'z.url().refine(', 'https://example.com/x', 'not a url'],
    ['uuid', 'z.uuid()', '0b9f0c63-6b68-4a39-9a1d-8d1a3a2b4c5d', 'not-a-uuid'],
    ['date-time', 'z.iso.datetime({ offset: true })', '2026-11-25T10:00:00+01:00', '25/11/2026'],
    ['date', 'z.iso.date()', '2026-11-25', '2026-13-45'],
    ['time', 'z.iso.time()', '10:00:00', '25:61'],
    ['duration', 'z.iso.duration()', 'P1D', 'one day'],
    ['email', 'z.email()', 'a@example.com', 'a@'],
    ['ipv4', 'z.ipv4()', '10.0.0.1', '10.0.0.300'],
    ['ipv6', 'z.ipv6()', '::1', ':::1'],
  ])('%s → %s', (format, expected, good, bad) => {
    const code = emit({ type: 'string', format })
    expect(code.startsWith(expected)).toBe(true)
    expect(code.endsWith(`.openapi(${JSON.stringify({ format })})`)).toBe(true)
    expect(code).not.toMatch(DEPRECATED_STRING_METHODS)
    const schema = compile(code)
    expect(schema.safeParse(good).success).toBe(true)
    expect(schema.safeParse(bad).success).toBe(false)
  })

  it('a uri refuses a % that starts no percent-encoded byte, as RFC 3986 does', () => {
    const schema = compile(emit({ type: 'string', format: 'uri' }))
    expect(schema.safeParse('https://example.com/a%2Fb?q=%C3%A9').success).toBe(true)
    for (const bad of ['https://example.com/%F', 'https://example.com/%', 'https://example.com/?q=%zz']) {
      const result = schema.safeParse(bad)
      expect(result.success, bad).toBe(false)
      expect(result.error?.issues[0]?.message).toMatch(/a % must start a percent-encoded byte/)
    }
  })

  it('keeps lengths and patterns on a format', () => {
    const code = emit({ type: 'string', format: 'uri', maxLength: 30, pattern: '^https://' })
    expect(code).not.toMatch(DEPRECATED_STRING_METHODS)
    const schema = compile(code)
    expect(schema.safeParse('https://example.com').success).toBe(true)
    expect(schema.safeParse('http://example.com').success).toBe(false)
    expect(schema.safeParse(`https://example.com/${'x'.repeat(30)}`).success).toBe(false)
  })

  it('an ip is either version', () => {
    const schema = compile(emit({ type: 'string', format: 'ip' }))
    expect(schema.safeParse('10.0.0.1').success).toBe(true)
    expect(schema.safeParse('::1').success).toBe(true)
    expect(schema.safeParse('localhost').success).toBe(false)
  })

  it('base64 content is z.base64()', () => {
    const code = emit({ type: 'string', contentEncoding: 'base64' })
    expect(code).toBe('z.base64()')
  })

  it('the generated code has no deprecated call', () => {
    const doc = JSON.parse(readFileSync(new URL('./fixtures/fidelity.json', import.meta.url), 'utf8'))
    const files = generateRoutes(doc, { source: 'fidelity.json' })
    expect(files['schemas.ts']).toMatch(/z\.url\(\)/)
    for (const [name, code] of Object.entries(files)) {
      expect(code.match(DEPRECATED_STRING_METHODS)?.[0], name).toBeUndefined()
    }
  })
})
