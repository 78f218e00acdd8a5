/**
 * The measures behind a free-form value's `x-max-depth` and `x-max-bytes` (checked by the
 * generated schemas). Both walk iteratively, so a deeply nested value cannot overflow the stack.
 */

/** Levels of objects and arrays: `1` → 0, `{}` → 1, `{"a":[1]}` → 2. */
export function jsonDepth(value: unknown): number {
  let deepest = 0
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number]
    if (node === null || typeof node !== 'object') continue
    if (depth > deepest) deepest = depth
    for (const child of Object.values(node)) stack.push([child, depth + 1])
  }
  return deepest
}

const encoder = new TextEncoder()

/** The length of the value serialized as JSON, in UTF-8 bytes. */
export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value) ?? '').length
}
