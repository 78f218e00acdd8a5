/** What the request log records of a 4xx answer: the problem's title and detail, and each invalid field. */
export function problemVerdict(body: unknown): unknown {
  const error = (body as { error?: { title?: string; detail?: string; errors?: unknown } } | undefined)?.error
  if (!error || typeof error !== 'object') return undefined
  const problems = Array.isArray(error.errors)
    ? error.errors.map(
        (e: { location?: string; message?: string }) => `${e.location ?? '?'}: ${e.message ?? ''}`,
      )
    : []
  return { title: error.title, detail: error.detail, ...(problems.length ? { errors: problems } : {}) }
}
