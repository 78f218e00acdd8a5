/**
 * Exact int64 bounds in a bundle's text. Redocly reads the YAML into JavaScript numbers, so
 * `maximum: 9223372036854775807` comes out of `redocly bundle` as `9223372036854776000` (2^63,
 * the nearest double, printed short): a generator that reads the text (Java, Go, Python, or a
 * JSON parser with big integers) then sees a bound one past int64, which no int64 field can hold.
 * Only the two int64 extremes are written back; any other integer a double cannot hold fails,
 * because its exact value is lost before this step.
 */
const TWO_TO_63 = 2 ** 63
const INT64_MAX = '9223372036854775807'
const INT64_MIN = '-9223372036854775808'

/** A number token of JSON or YAML text, not part of a word, a string or a decimal. */
const LONG_INTEGER = /(?<![\w."'-])(-?\d{16,})(?![\w."'])/g

/** Every integer value in a parsed document that a double does not hold exactly. */
export function unsafeIntegers(value: unknown, path = '#'): Array<{ path: string; value: number }> {
  if (typeof value === 'number') {
    return Number.isInteger(value) && !Number.isSafeInteger(value) ? [{ path, value }] : []
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => unsafeIntegers(v, `${path}/${i}`))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => unsafeIntegers(v, `${path}/${k}`))
  }
  return []
}

/**
 * The bundle text with 2^63 and -2^63 written as int64's maximum and minimum. `parse` reads the
 * text (JSON.parse, or a YAML parser): it finds the unsafe integers of the document, so digits
 * inside strings are never touched.
 */
export function exactInt64Bounds(text: string, parse: (text: string) => unknown): string {
  const unsafe = unsafeIntegers(parse(text))
  const other = unsafe.filter((u) => Math.abs(u.value) !== TWO_TO_63)
  if (other.length > 0) {
    const list = other.map((u) => `${u.path} = ${u.value}`).join(', ')
    throw new Error(`integers beyond 2^53 other than the int64 bounds cannot be bundled exactly: ${list}`)
  }
  let replaced = 0
  const out = text.replace(LONG_INTEGER, (token) => {
    const n = Number(token)
    if (n === TWO_TO_63) {
      replaced++
      return INT64_MAX
    }
    if (n === -TWO_TO_63) {
      replaced++
      return INT64_MIN
    }
    return token
  })
  if (replaced !== unsafe.length) {
    throw new Error(`found ${unsafe.length} int64 bounds in the document but ${replaced} in its text`)
  }
  return out
}
