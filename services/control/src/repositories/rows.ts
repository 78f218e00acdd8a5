/** Helpers to read rows the same way on PGlite and PostgreSQL (int8 may come back as bigint or string). */

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value))

export const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/** jsonb comes back parsed on both drivers; strings are parsed defensively. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

/** Whether a write failed on a unique constraint (SQLSTATE 23505). */
/** Whether a database error is a unique violation (two requests racing for one slug). */
export const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505'
