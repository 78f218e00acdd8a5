/**
 * The features a key can be granted. Each operation needs one (its `x-required-scope` in the
 * spec, `OPERATION_SCOPES` in `src/http/permissions.ts`); a key without it is answered 403 `Forbidden`.
 */
export const SCOPES = [
  'scrape',
  'crawl',
  'map',
  'search',
  'extract',
  'agent',
  'browser',
  'parse',
  'monitor',
  'team',
] as const

export type Scope = (typeof SCOPES)[number]

/** A key's scopes: `null` grants every scope (the bootstrap key and keys from before scopes). */
export type KeyScopes = readonly Scope[] | null

export function grants(scopes: KeyScopes, scope: Scope): boolean {
  return scopes === null || scopes.includes(scope)
}
