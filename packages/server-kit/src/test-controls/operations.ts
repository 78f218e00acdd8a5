/**
 * Which operation of the API a request addresses, read from the bundled spec's paths: faults are
 * matched before the request reaches the app (so they answer whatever auth or validation would
 * have said), and the journal names the operation of a request the app refused early (404, 413).
 */

type Spec = { paths?: Record<string, Record<string, unknown> | undefined> }

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

interface Route {
  method: string
  pattern: RegExp
  operationId: string
}

export type OperationOf = (method: string, path: string) => string | undefined

/** `(method, path) → operationId` over the spec's paths (`{param}` matches one path segment). */
export function operationMatcher(spec: unknown): OperationOf {
  const routes: Route[] = []
  for (const [template, item] of Object.entries((spec as Spec)?.paths ?? {})) {
    const pattern = new RegExp(
      `^${template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`,
    )
    for (const method of METHODS) {
      const operationId = (item?.[method] as { operationId?: unknown } | undefined)?.operationId
      if (typeof operationId === 'string') routes.push({ method: method.toUpperCase(), pattern, operationId })
    }
  }
  // Literal paths before templated ones: `/v2/crawl/active` is not `/v2/crawl/{id}`.
  routes.sort((a, b) => literalness(b) - literalness(a))
  return (method, path) => {
    const upper = method.toUpperCase()
    return routes.find((r) => r.method === upper && r.pattern.test(path))?.operationId
  }
}

const literalness = (route: Route): number => route.pattern.source.split('[^/]+').length * -1
