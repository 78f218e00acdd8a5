/**
 * Traces of the service's insides in an answer body: a stack frame or a path of its files tells an
 * attacker the code layout and versions, and is noise to every other client.
 */
const LEAKS: Array<[string, RegExp]> = [
  // `at fn (/app/x.js:1:2)`, `at /app/x.js:1:2`, at the start of a line (JSON text escapes it as `\n`).
  ['a stack frame', /(?:^|\n|\\n)\s*at (?:async )?(?:[^\s()]+ \()?[^\s()]+:\d+:\d+\)?/],
  ['a stack frame', / {4}at \S/],
  ['a source position', /\.[cm]?[jt]sx?:\d+(?::\d+)?\b/],
  // A path of the machine, not one of a URL (`example.com/home/` is preceded by a host).
  ['a file path', /(?<![\w.:/-])\/(?:work|home|root|opt|usr\/src)\/[\w.@-]+/],
  ['a file path', /node_modules/],
  ['a file URL', /file:\/\//],
]

// Built once, not per answer (matchAll works on a copy, so the shared lastIndex stays 0).
const GLOBAL_LEAKS = LEAKS.map(([what, pattern]) => [what, new RegExp(pattern.source, 'g')] as const)

/**
 * What of the service's insides `body` shows, or undefined. Text the request itself carried (a
 * `file://` URL the client sent, echoed in the error that refuses it) is not a leak.
 */
export function leakProblem(body: unknown, sent: () => string): string | undefined {
  if (body === undefined || body === null) return undefined
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  for (const [what, global] of GLOBAL_LEAKS) {
    for (const match of text.matchAll(global)) {
      const found = match[0].trim()
      if (found.length > 0 && sent().includes(found)) continue
      const at = match.index ?? 0
      const around = text.slice(Math.max(0, at - 60), at + match[0].length + 60)
      return `the answer shows ${what}: …${around}…`
    }
  }
  return undefined
}
