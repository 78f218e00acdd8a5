/**
 * One valid request body per operation, for the status tests whose answer does not depend on the
 * body (401 and 403: decided before any lookup; 429: the workspace's request budget; 500 and 503:
 * a failing database): `expectRateLimited` and `expectDatabaseFailure` send it unless a test passes
 * its own. It is the first request example of the operation in the bundled spec, written for the
 * demo data the test services are seeded with too (`seed: true`, the template of
 * `database-template.ts`); `VALID_OVERRIDES` replaces it where it cannot work there. Operations
 * without a request body are absent.
 */
import { createRequire } from 'node:module'
import { deref, isObject, type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { randomToken } from '@apiplatform/server-kit'

const spec = createRequire(import.meta.url)('@apiplatform/control-spec/openapi.json') as OpenApiDocument

interface RequestBody {
  firstExample: unknown
}

/** Each operation's request body (none: `undefined`) and the value of its first JSON example, in spec order. */
export const REQUEST_BODIES: ReadonlyMap<string, RequestBody | undefined> = new Map(
  walkOperations(spec).flatMap(({ operationId, requestBody }): Array<[string, RequestBody | undefined]> => {
    if (!operationId) return []
    if (!requestBody) return [[operationId, undefined]]
    const content = isObject(requestBody.content) ? requestBody.content['application/json'] : undefined
    const examples = isObject(content) && isObject(content.examples) ? Object.values(content.examples) : []
    const first = deref<unknown>(spec, examples[0])
    return [[operationId, { firstExample: isObject(first) ? first.value : undefined }]]
  }),
)

/**
 * The operations whose first example cannot work on the test services' seeded state, each with
 * the request sent instead and why. Empty: every example runs on the demo data.
 */
export const VALID_OVERRIDES: Readonly<Record<string, unknown>> = {}

export const VALID_REQUESTS: Readonly<Record<string, unknown>> = Object.fromEntries(
  [...REQUEST_BODIES].flatMap(([operationId, body]) => {
    const request = operationId in VALID_OVERRIDES ? VALID_OVERRIDES[operationId] : body?.firstExample
    return request === undefined ? [] : [[operationId, request]]
  }),
)

const freshKey = () => ({ key: `acme_${randomToken(24)}` })
const freshLimit = () => ({
  namespace: `ns_${randomToken(8)}`,
  identifier: 'user_8412',
  limit: 100,
  duration: 60000,
})

/**
 * The requests of the 500 and 503 tests that must differ on each call: a key or rate-limit
 * namespace seen before would be answered from a cache without reaching the failing database.
 */
export const FRESH_REQUESTS: Readonly<Record<string, () => unknown>> = {
  'keys.verifyKey': freshKey,
  'keys.whoami': freshKey,
  'ratelimit.limit': freshLimit,
  'ratelimit.multiLimit': () => [freshLimit()],
}
