/**
 * Measures of JSON values that work at any depth: the fuzzer sends values thousands of levels
 * deep, where the recursive JSON.stringify overflows the call stack.
 */

/** JSON.stringify without the call-stack limit (values thousands of levels deep). */
export function stringifyDeep(value: unknown): string {
  if (depthOf(value, 500) < 500) return JSON.stringify(value) ?? 'null'
  const out: string[] = []
  const stack: Array<unknown> = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'object' && item !== null && (item as { __raw?: string }).__raw !== undefined) {
      out.push((item as { __raw: string }).__raw)
    } else if (Array.isArray(item)) {
      stack.push({ __raw: ']' })
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i])
        if (i > 0) stack.push({ __raw: ',' })
      }
      stack.push({ __raw: '[' })
    } else if (item && typeof item === 'object') {
      const entries = Object.entries(item)
      stack.push({ __raw: '}' })
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i] as [string, unknown]
        stack.push(v)
        stack.push({ __raw: `${JSON.stringify(k)}:` })
        if (i > 0) stack.push({ __raw: ',' })
      }
      stack.push({ __raw: '{' })
    } else {
      out.push(JSON.stringify(item) ?? 'null')
    }
  }
  return out.join('')
}

/** Nesting depth of a JSON value, counted up to `limit`. */
export function depthOf(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let level: unknown[] = [value]
  while (level.length > 0 && depth < limit) {
    const next: unknown[] = []
    for (const v of level) if (v && typeof v === 'object') next.push(...Object.values(v))
    if (next.length === 0 && !level.some((v) => v && typeof v === 'object')) break
    depth++
    level = next
  }
  return depth
}

/** UTF-8 bytes of the value serialized as JSON. */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(stringifyDeep(value))
}
