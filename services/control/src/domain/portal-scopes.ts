/**
 * The scopes of `portal.createSession` (the names the public API and its SDK use), each granting
 * the actions of `portal.{portalId}.<action>` permissions. `keys:create` is accepted but no portal
 * operation needs it yet.
 */
export const PORTAL_SCOPES = {
  'keys:read': ['read_keys'],
  'keys:create': [],
  'keys:reroll': ['reroll_key'],
  'analytics:read': ['read_verifications'],
} as const satisfies Record<string, readonly string[]>

/** The permission actions a session's scopes grant. */
export function scopeActions(scopes: readonly string[]): string[] {
  return scopes.flatMap((scope) => (PORTAL_SCOPES as Record<string, readonly string[]>)[scope] ?? [])
}
