/**
 * The credential of an `Authorization: Bearer <token>` header, or `undefined` when the header is
 * not one (missing, another scheme, no token, several words, characters outside `token68`).
 *
 * RFC 7235 makes the scheme case-insensitive (`bearer`, `BEARER`) and separates it from the
 * credential with one or more spaces (`1*SP`); a tab is not a separator there, so
 * `Bearer<TAB>key` is malformed. The token is RFC 6750's `b64token` (RFC 7235's `token68`).
 * Optional whitespace around the field value is not part of it (RFC 9110 §5.5), so it is trimmed.
 */
export function parseBearer(header: string | undefined | null): string | undefined {
  if (!header) return undefined
  const match = BEARER.exec(header.replace(/^[ \t]+|[ \t]+$/g, ''))
  return match?.[1]
}

const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i
