import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describeIssues, type Fault } from './describe-issues.js'

const body = z
  .object({
    deploymentId: z.string().min(3).max(8),
    timeout: z.number().int().max(300),
    mode: z.enum(['fast', 'slow']),
    kind: z.literal('app'),
    url: z.url(),
    slug: z.string().regex(/^[a-z]+$/),
    tags: z.array(z.string()).min(1).max(2),
    limit: z.union([z.number(), z.boolean()]).optional(),
    nested: z.object({ name: z.string() }).strict().optional(),
    source: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('git'), ref: z.string() }).strict(),
        z.object({ type: z.literal('image'), image: z.string() }).strict(),
      ])
      .optional(),
    step: z.number().multipleOf(5).optional(),
    redact: z.union([z.boolean(), z.object({ mode: z.string() }).strict()]).optional(),
  })
  .strict()

const valid = {
  deploymentId: 'd_123',
  timeout: 30,
  mode: 'fast',
  kind: 'app',
  url: 'https://example.com',
  slug: 'abc',
  tags: ['a'],
}

const faultsOf = (input: Record<string, unknown>) => {
  const result = body.safeParse(input)
  if (result.success) throw new Error('expected a failure')
  return describeIssues(result.error, input)
}

const cases: [string, Record<string, unknown>, Partial<Fault>][] = [
  [
    'a wrong type names expected and received',
    { deploymentId: 12 },
    {
      kind: 'wrong_type',
      path: ['deploymentId'],
      expected: 'string',
      received: 'number',
      message: 'Wrong type: expected string, received number 12',
    },
  ],
  [
    'a string where a number belongs',
    { timeout: 'fast' },
    { kind: 'wrong_type', path: ['timeout'], message: 'Wrong type: expected number, received string "fast"' },
  ],
  [
    'a fraction where an integer belongs',
    { timeout: 1.5 },
    { kind: 'wrong_type', path: ['timeout'], message: 'Wrong type: expected integer, received number 1.5' },
  ],
  [
    'null is a wrong type, not a missing property',
    { deploymentId: null },
    { kind: 'wrong_type', path: ['deploymentId'], received: 'null' },
  ],
  [
    'a missing property',
    { deploymentId: undefined },
    { kind: 'missing', path: ['deploymentId'], message: 'Required property is missing', expected: 'string' },
  ],
  [
    'a missing enum property is missing, not "not allowed"',
    { mode: undefined },
    { kind: 'missing', path: ['mode'] },
  ],
  [
    'a string too long',
    { deploymentId: 'd_123456789' },
    {
      kind: 'too_big',
      path: ['deploymentId'],
      maximum: 8,
      message: 'Too long: at most 8 characters, received 11',
    },
  ],
  [
    'a string too short',
    { deploymentId: 'd' },
    {
      kind: 'too_small',
      path: ['deploymentId'],
      minimum: 3,
      message: 'Too short: at least 3 characters, received 1',
    },
  ],
  [
    'a number too large',
    { timeout: 301 },
    { kind: 'too_big', path: ['timeout'], message: 'Too large: must be at most 300, received 301' },
  ],
  [
    'too few items',
    { tags: [] },
    { kind: 'too_small', path: ['tags'], message: 'Too few items: at least 1, received 0' },
  ],
  [
    'too many items',
    { tags: ['a', 'b', 'c'] },
    { kind: 'too_big', path: ['tags'], message: 'Too many items: at most 2, received 3' },
  ],
  [
    'a value outside the enum lists the allowed values',
    { mode: 'quick' },
    {
      kind: 'not_allowed',
      path: ['mode'],
      values: ['fast', 'slow'],
      message: 'Not one of the allowed values: "fast", "slow"; received "quick"',
    },
  ],
  [
    'a wrong literal',
    { kind: 'lib' },
    { kind: 'not_allowed', path: ['kind'], message: 'Not allowed: must be "app"; received "lib"' },
  ],
  [
    'an unknown property',
    { colour: 'red' },
    {
      kind: 'unknown_property',
      path: ['colour'],
      message: 'Unknown property "colour": this operation does not accept it',
    },
  ],
  [
    'an unknown nested property',
    { nested: { name: 'x', extra: 1 } },
    { kind: 'unknown_property', path: ['nested', 'extra'] },
  ],
  [
    'a wrong nested type',
    { nested: { name: 1 } },
    { kind: 'wrong_type', path: ['nested', 'name'], expected: 'string', received: 'number' },
  ],
  [
    'a malformed URL',
    { url: 'nope' },
    {
      kind: 'invalid_format',
      path: ['url'],
      message: 'Invalid format: expected a valid URL, received "nope"',
    },
  ],
  [
    'a pattern mismatch',
    { slug: 'ABC' },
    {
      kind: 'invalid_format',
      path: ['slug'],
      message: 'Invalid format: must match the pattern /^[a-z]+$/, received "ABC"',
    },
  ],
  [
    'a union of scalars names every type',
    { limit: 'ten' },
    {
      kind: 'wrong_type',
      path: ['limit'],
      message: 'Wrong type: expected number or boolean, received string "ten"',
    },
  ],
  [
    'the chosen variant of a discriminated union reports its own faults',
    { source: { type: 'git' } },
    { kind: 'missing', path: ['source', 'ref'] },
  ],
  [
    'an unknown discriminator',
    { source: { type: 'zip' } },
    {
      path: ['source', 'type'],
      kind: 'not_allowed',
      message: 'Not one of the allowed values of "type"; received "zip"',
    },
  ],
  [
    'the variant of a union the value is closest to reports its own faults',
    { redact: { mode: 'fast', colour: 'red' } },
    { kind: 'unknown_property', path: ['redact', 'colour'] },
  ],
  [
    'a value of no variant’s type',
    { redact: 'yes' },
    {
      kind: 'wrong_type',
      path: ['redact'],
      message: 'Wrong type: expected boolean or object, received string "yes"',
    },
  ],
  [
    'a value that is not a multiple',
    { step: 7 },
    { kind: 'not_multiple', path: ['step'], message: 'Not allowed: must be a multiple of 5' },
  ],
]

describe('describeIssues', () => {
  it.each(cases)('%s', (_name, change, expected) => {
    const input: Record<string, unknown> = { ...valid, ...change }
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete input[key]
    expect(faultsOf(input)).toEqual([expect.objectContaining(expected)])
  })

  it('reports the value itself when the part is not an object', () => {
    const result = body.safeParse(null)
    expect(result.success).toBe(false)
    expect(describeIssues(result.error as z.ZodError, null)).toEqual([
      expect.objectContaining({ kind: 'wrong_type', path: [], expected: 'object', received: 'null' }),
    ])
  })

  it('does not quote long strings back', () => {
    const [fault] = faultsOf({ ...valid, deploymentId: 'x'.repeat(100) })
    expect(fault?.message).toBe('Too long: at most 8 characters, received 100')
    const [wrong] = faultsOf({ ...valid, timeout: 'y'.repeat(100) })
    expect(wrong?.message).toBe('Wrong type: expected number, received string')
  })

  it('tells a missing property from zod’s message when the input is not known', () => {
    const missing = body.safeParse({ ...valid, deploymentId: undefined })
    const wrong = body.safeParse({ ...valid, deploymentId: 12 })
    expect(describeIssues(missing.error as z.ZodError)).toEqual([
      expect.objectContaining({ kind: 'missing' }),
    ])
    expect(describeIssues(wrong.error as z.ZodError)).toEqual([
      expect.objectContaining({ kind: 'wrong_type', message: 'Wrong type: expected string' }),
    ])
  })

  // JSON has no Infinity: `1e400` parses as one, and zod reports it as a wrong type.
  it('says a number too large for a double is out of range, not of the wrong type', () => {
    const input = JSON.parse(`{${JSON.stringify(valid).slice(1, -1)},"timeout":1e400,"limit":-1e400}`)
    expect(faultsOf(input)).toEqual([
      expect.objectContaining({
        path: ['timeout'],
        kind: 'wrong_type',
        message: 'Out of range: must be a finite number',
      }),
      expect.objectContaining({ path: ['limit'], message: 'Out of range: must be a finite number' }),
    ])
  })

  it('follows what it can of a value transformed before the check', () => {
    const form = z.object({
      options: z.preprocess((v) => JSON.parse(String(v)), z.object({ depth: z.number() })),
    })
    const input = { options: '{"depth":"deep"}' }
    const result = form.safeParse(input)
    expect(describeIssues(result.error as z.ZodError, input)).toEqual([
      expect.objectContaining({ kind: 'wrong_type', path: ['options', 'depth'], expected: 'number' }),
    ])
  })
})
