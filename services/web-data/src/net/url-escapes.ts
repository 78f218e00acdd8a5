/**
 * Whether a URL has a `%` that starts no `%XX` escape (`https://a.io/%F`). The WHATWG parser keeps
 * one as it is, where RFC 3986 (the spec's `format: uri`, which the generated validation checks
 * too) refuses it: such a URL would be accepted, then shown in answers that break their format.
 */
export const hasMalformedEscape = (url: string): boolean => /%(?![0-9A-Fa-f]{2})/.test(url)
