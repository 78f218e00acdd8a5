/**
 * Which operation of the API a request addresses, read from the bundled spec's paths: faults are
 * matched before the request reaches the app (so they answer whatever auth or validation would
 * have said), and the journal names the operation of a request the app refused early (404, 413).
 */
import { type HttpMethod, isObject, type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'

const METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

interface Route {
  method: string
  pattern: RegExp
  operationId: string
}

export type OperationOf = (method: string, path: string) => string | undefined

/** `(method, path) → operationId` over the spec's paths (`{param}` matches one path segment). */
export function operationMatcher(spec: unknown): OperationOf {
  const routes: Route[] = []
  const operations = isObject(spec)
    ? walkOperations(spec as OpenApiDocument, { methods: METHODS, strict: false })
    : []
  for (const { path, method, operationId } of operations) {
    if (operationId !== undefined)
      routes.push({ method: method.toUpperCase(), pattern: patternOf(path), operationId })
  }
  // Literal paths before templated ones: `/v2/crawl/active` is not `/v2/crawl/{id}`.
  routes.sort((a, b) => literalness(b) - literalness(a))
  return (method, path) => {
    const upper = method.toUpperCase()
    return routes.find((r) => r.method === upper && r.pattern.test(path))?.operationId
  }
}

/** The path template as a pattern: `{param}` matches one path segment. */
const patternOf = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  )

const literalness = (route: Route): number => route.pattern.source.split('[^/]+').length * -1
