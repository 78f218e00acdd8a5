/**
 * What a raw request target (as the client wrote it, before any decoding) says about routing.
 *
 * A Request's URL is parsed by the WHATWG URL parser, which resolves `.` and `..` segments, the
 * percent-encoded ones included (`%2e%2e`, `.%2E`, …). A path that a proxy in front of us saw as
 * `/v2/crawl/%2e%2e/%2e%2e/openapi.json` (allowed by its `/v2/crawl/` rule) would then be routed
 * here as `/openapi.json`. Such paths name no resource of ours, so they are refused before routing.
 */

/** The path of an origin-form (`/a/b?q`) or absolute-form (`http://h/a/b?q`) target, undecoded. */
export function targetPath(target: string): string {
  let path = target
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path)
  if (scheme) path = path.slice(scheme[0].length)
  const end = path.search(/[?#]/)
  return end < 0 ? path : path.slice(0, end)
}

/** A `.` or `..` segment, each dot written as `.` or `%2e` in any case. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i

/**
 * Why a path is refused before routing, or `undefined` to route it: a dot segment (which the URL
 * parser would resolve into another path), or an encoded slash. No path parameter of either API
 * can hold a `/`, and a proxy or client that decodes `%2F` before matching would see other
 * segments than we route on.
 */
export function unroutablePath(path: string): 'dot_segment' | 'encoded_slash' | undefined {
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) return 'dot_segment'
  if (/%2f/i.test(path)) return 'encoded_slash'
  return undefined
}
