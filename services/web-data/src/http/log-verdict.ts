/** What the request log records of a 4xx answer: the error, its code and the invalid fields. */
export function errorVerdict(body: unknown): unknown {
  const b = body as { error?: unknown; code?: unknown; details?: unknown } | undefined
  if (!b || typeof b.error !== 'string') return undefined
  return { error: b.error, ...(b.code ? { code: b.code } : {}), ...(b.details ? { details: b.details } : {}) }
}
