/**
 * What user code learns of an error raised in the service (a forwarded `page` call failing, the
 * run itself failing): the message only. The service's stack names its files and bundle lines;
 * Playwright's messages may carry the stack of the page-side helper they ran in.
 */
export function publicMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text
    .split('\n')
    .filter((line) => !/^\s*at\s/.test(line))
    .join('\n')
    .trim()
}

/** `error` as an Error whose stack is its heading alone, safe to hand to the page. */
export function withoutStack(error: unknown): Error {
  const out = new Error(publicMessage(error))
  if (error instanceof Error && error.name) out.name = error.name
  out.stack = `${out.name}: ${out.message}`
  return out
}
