import type { ZodError } from 'zod'

type Issue = ZodError['issues'][number]
type Key = string | number

/** What is wrong with one value of a request part. */
export type FaultKind =
  | 'missing'
  | 'wrong_type'
  | 'too_small'
  | 'too_big'
  | 'not_allowed'
  | 'unknown_property'
  | 'invalid_format'
  | 'not_multiple'
  | 'invalid'

/** One validation fault, described for a person: the path of the value, what is wrong and what was expected. */
export interface Fault {
  kind: FaultKind
  /** Path inside the request part (`['items', 2, 'name']`); `[]` is the part itself. */
  path: Key[]
  /** One sentence naming the fault, the expectation and, for short scalars, the value received. */
  message: string
  /** zod's issue code (`invalid_type`, `too_big`, …) the fault was read from. */
  code: string
  expected?: string
  /** The JSON type of the value received (`string`, `number`, `null`, `array`, …). */
  received?: string
  /** The allowed values of an enum or literal. */
  values?: unknown[]
  minimum?: number | bigint
  maximum?: number | bigint
}

const ABSENT = Symbol('absent')
const UNKNOWN = Symbol('unknown')

/**
 * The value at `path` in the checked input: `ABSENT` when its parent object has no such key,
 * `UNKNOWN` when there is no input or the path cannot be followed in it (a multipart part or a
 * query value parsed before the check).
 */
function valueAt(input: unknown, path: readonly Key[]): unknown {
  if (input === undefined) return UNKNOWN
  let value: unknown = input
  for (const key of path) {
    if (value === null || typeof value !== 'object') return UNKNOWN
    if (!Object.hasOwn(value, key)) return ABSENT
    value = (value as Record<Key, unknown>)[key]
  }
  return value
}

const jsonType = (value: unknown): string => {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Blob) return 'file'
  return typeof value
}

/** A short scalar is quoted back so the caller sees what was sent; long strings and containers are not. */
const shown = (value: unknown): string | undefined => {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (typeof value === 'string' && value.length <= 64) return JSON.stringify(value)
  return undefined
}
/** JSON has no Infinity, but a number too large for a double (`1e400`) parses as one. */
const outOfRange = (value: unknown) => typeof value === 'number' && !Number.isFinite(value)
const receivedText = (value: unknown, type: string) => {
  const text = shown(value)
  return text === undefined ? type : `${type} ${text}`
}

const EXPECTED_NAMES: Record<string, string> = { int: 'integer', nan: 'number' }
const expectedName = (expected: string) => EXPECTED_NAMES[expected] ?? expected
const listValues = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ')

const FORMAT_NAMES: Record<string, string> = {
  url: 'URL',
  uuid: 'UUID',
  guid: 'UUID',
  email: 'email address',
  datetime: 'ISO 8601 date-time',
  date: 'ISO 8601 date (YYYY-MM-DD)',
  time: 'ISO 8601 time',
  duration: 'ISO 8601 duration',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  base64: 'base64 string',
}

function boundText(issue: Issue & { code: 'too_small' | 'too_big' }, value: unknown): string {
  const small = issue.code === 'too_small'
  const bound = small ? issue.minimum : issue.maximum
  const inclusive = issue.inclusive !== false
  const limit = small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than'
  switch (issue.origin) {
    case 'string': {
      const length = typeof value === 'string' ? `, received ${value.length}` : ''
      return `${small ? 'Too short' : 'Too long'}: ${limit} ${bound} characters${length}`
    }
    case 'array':
    case 'set': {
      const count = Array.isArray(value) ? `, received ${value.length}` : ''
      return `${small ? 'Too few items' : 'Too many items'}: ${limit} ${bound}${count}`
    }
    case 'file':
      return `${small ? 'File too small' : 'File too large'}: ${limit} ${bound} bytes`
    default: {
      // A query or path number arrives as a string: it is quoted back as it was written.
      const got = typeof value === 'string' && value.length <= 64 ? value : shown(value)
      return `${small ? 'Too small' : 'Too large'}: must be ${limit} ${bound}${got ? `, received ${got}` : ''}`
    }
  }
}

/** Every branch of a union failed on the value itself with a wrong type: the expected types, merged. */
function unionTypes(issue: Issue & { code: 'invalid_union' }): string[] | undefined {
  const types = new Set<string>()
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (inner.path.length > 0) return undefined
      if (inner.code === 'invalid_type') types.add(expectedName(inner.expected))
      else if (inner.code === 'invalid_value') for (const v of inner.values) types.add(JSON.stringify(v))
      else return undefined
    }
  }
  return types.size > 0 ? [...types] : undefined
}

/**
 * The branch of a union the value came closest to: among the branches whose type the value has,
 * the one with the fewest issues. None when the value has the type of no branch.
 */
function closestBranch(issue: Issue & { code: 'invalid_union' }): Issue[] | undefined {
  let best: Issue[] | undefined
  for (const branch of issue.errors) {
    if (branch.length === 0) continue
    const wrongType = branch.some(
      (i) => i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_union'),
    )
    if (!wrongType && (!best || branch.length < best.length)) best = branch as Issue[]
  }
  return best
}

function describe(issue: Issue, base: readonly Key[], input: unknown, out: Fault[]): void {
  const path = [...base, ...issue.path.filter((k): k is Key => typeof k !== 'symbol')]
  const found = valueAt(input, path)
  const known = found !== UNKNOWN
  const value = known ? found : undefined
  const push = (fault: Omit<Fault, 'path' | 'code'>) => out.push({ path, code: issue.code, ...fault })

  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys) {
      out.push({
        kind: 'unknown_property',
        path: [...path, key],
        code: issue.code,
        message: `Unknown property ${JSON.stringify(key)}: this operation does not accept it`,
      })
    }
    return
  }
  // zod 4 reports an absent field as whatever its schema first rejects (`invalid_type` with
  // `received undefined`, `invalid_value` for an enum, a refinement…). The input decides.
  const absent = known
    ? found === ABSENT
    : issue.code === 'invalid_type' && /received undefined$/.test(issue.message)
  if (absent && path.length > 0) {
    const expected = issue.code === 'invalid_type' ? expectedName(issue.expected) : undefined
    push({
      kind: 'missing',
      message: 'Required property is missing',
      ...(expected ? { expected } : {}),
    })
    return
  }
  const received = known && found !== ABSENT ? jsonType(value) : undefined
  switch (issue.code) {
    case 'invalid_type': {
      const expected = expectedName(issue.expected)
      // An integer check reports a fractional number as `expected int`; the JSON type is right.
      const what = received === undefined ? '' : `, received ${receivedText(value, received)}`
      push({
        kind: 'wrong_type',
        message: outOfRange(value)
          ? `Out of range: must be a finite ${expected}`
          : `Wrong type: expected ${expected}${what}`,
        expected,
        ...(received ? { received } : {}),
      })
      return
    }
    case 'too_small':
    case 'too_big': {
      const bound = issue.code === 'too_small' ? { minimum: issue.minimum } : { maximum: issue.maximum }
      push({ kind: issue.code, message: boundText(issue, value), ...bound })
      return
    }
    case 'invalid_value': {
      const got = shown(value)
      const tail = got ? `; received ${got}` : received ? `; received ${received}` : ''
      const message =
        issue.values.length === 1
          ? `Not allowed: must be ${listValues(issue.values)}${tail}`
          : `Not one of the allowed values: ${listValues(issue.values)}${tail}`
      push({ kind: 'not_allowed', message, values: [...issue.values], ...(received ? { received } : {}) })
      return
    }
    case 'invalid_format': {
      const pattern = 'pattern' in issue && issue.pattern ? String(issue.pattern) : undefined
      const got = typeof value === 'string' ? shown(value) : undefined
      const tail = got ? `, received ${got}` : ''
      const message =
        issue.format === 'regex' && pattern
          ? `Invalid format: must match the pattern ${pattern}${tail}`
          : issue.format === 'starts_with' || issue.format === 'ends_with' || issue.format === 'includes'
            ? `Invalid format: ${issue.message}`
            : `Invalid format: expected a valid ${FORMAT_NAMES[issue.format] ?? issue.format}${tail}`
      push({ kind: 'invalid_format', message, expected: issue.format })
      return
    }
    case 'not_multiple_of':
      push({ kind: 'not_multiple', message: `Not allowed: must be a multiple of ${String(issue.divisor)}` })
      return
    case 'invalid_union': {
      const types = unionTypes(issue)
      if (types) {
        const what = received === undefined ? '' : `, received ${receivedText(value, received)}`
        const numeric = types.includes('number') || types.includes('integer')
        push({
          kind: 'wrong_type',
          message:
            numeric && outOfRange(value)
              ? 'Out of range: must be a finite number'
              : `Wrong type: expected ${types.join(' or ')}${what}`,
          expected: types.join(' | '),
          ...(received ? { received } : {}),
        })
        return
      }
      const branch = closestBranch(issue)
      if (branch) {
        for (const inner of branch) describe(inner, path, input, out)
        return
      }
      if ('discriminator' in issue && issue.discriminator !== undefined) {
        // zod 4 puts the discriminator key at the end of the path and does not list its values.
        const got = shown(value)
        push({
          kind: 'not_allowed',
          message: `Not one of the allowed values of ${JSON.stringify(issue.discriminator)}${got ? `; received ${got}` : ''}`,
          ...(received ? { received } : {}),
        })
        return
      }
      push({ kind: 'invalid', message: 'Invalid value: does not match any of the allowed variants' })
      return
    }
    case 'invalid_key':
    case 'invalid_element':
      for (const inner of issue.issues) describe(inner, path, input, out)
      return
    default:
      push({ kind: 'invalid', message: issue.message })
  }
}

/**
 * Describes the issues of a failed zod check of one request part (`input`: the value that was
 * checked) so that each names the real fault: a missing property, a wrong type (expected and
 * received), a value too long/short/large/small, a value outside an enum (listing the allowed
 * ones), an unknown property or a malformed string. Without `input`, an absent property is told
 * from zod's message only.
 */
export function describeIssues(error: ZodError, input?: unknown): Fault[] {
  const out: Fault[] = []
  for (const issue of error.issues) describe(issue, [], input, out)
  return out
}
