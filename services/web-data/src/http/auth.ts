import { parseBearer } from '@apiplatform/server-kit'
import type { OperationId } from '@apiplatform/web-data-routes'
import type { HonoRequest, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { authenticateCached } from '../billing/keys.js'
import type { Deps } from '../deps.js'
import { ApiError, Errors } from '../errors.js'
import { hasMalformedEscape } from '../net/url-escapes.js'
import type { ServiceEnv } from './env.js'
import { assertPermitted } from './permissions.js'

/** Operations whose `jobId` path segment must be a UUID (400 with the catalog message otherwise). */
const JOB_OPERATIONS = new Set<string>(['getAgentStatus', 'cancelAgent', 'getAgentTrace', 'getAgentSnapshot'])
/** Operations whose body `url` must be an absolute http(s) URL (400 `Invalid URL` otherwise). */
const URL_OPERATIONS = new Set<string>(['scrapeAndExtractFromUrl', 'mapUrls', 'crawlUrls'])
/** Operations whose `sessionId` must have the form of a session id (`bs_` + letters and digits). */
const SESSION_OPERATIONS = new Set<string>([
  'executeBrowserCode',
  'deleteBrowserSession',
  'browserExecute',
  'deleteBrowser',
])
const SESSION_ID = /^bs_[A-Za-z0-9]+$/

const uuid = z.string().uuid()

/**
 * Authenticates every operation (keys are cached for `AUTH_CACHE_MS`; 401 `Unauthorized: Invalid token` for a missing, malformed,
 * unknown or revoked key), checks the key's scope for the operation (403 `Forbidden`), then
 * applies the checks the catalog words specially and that come before body validation: a
 * non-UUID `jobId`, a malformed `sessionId`, and a missing or malformed `url`.
 */
export function authMiddleware(deps: Deps): MiddlewareHandler<ServiceEnv> {
  return async (c, next) => {
    const token = parseBearer(c.req.header('authorization'))
    const principal = token ? await authenticateCached(deps.db, token, deps.now) : undefined
    if (!principal) throw new ApiError(401, Errors.unauthorized)
    c.set('principal', principal)
    const operation: OperationId = c.get('operationId')
    assertPermitted(principal, operation)
    if (JOB_OPERATIONS.has(operation) && !uuid.safeParse(c.req.param('jobId')).success) {
      throw new ApiError(400, Errors.invalidJobId)
    }
    if (SESSION_OPERATIONS.has(operation) && !SESSION_ID.test(c.req.param('sessionId') ?? '')) {
      throw new ApiError(400, Errors.invalidSessionId, { code: 'INVALID_SESSION_ID' })
    }
    if (URL_OPERATIONS.has(operation)) await checkBodyUrl(c.req)
    await next()
  }
}

const UTF8 = new TextDecoder()

/**
 * Reads the body through hono's per-request cache, which the text check and validation read
 * next: the same bytes, received once. A clone of the raw request would turn @hono/node-server's
 * lightweight request into a web `Request` with a stream over the socket, teed in two.
 */
async function checkBodyUrl(request: HonoRequest): Promise<void> {
  let body: unknown
  try {
    body = JSON.parse(UTF8.decode(await request.arrayBuffer()))
  } catch {
    return // malformed JSON is reported by validation, a failed read by the text check
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return
  const url = (body as { url?: unknown }).url
  if (typeof url !== 'string' || hasMalformedEscape(url)) throw new ApiError(400, Errors.invalidUrl)
  try {
    const parsed = new URL(url)
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) throw new Error()
  } catch {
    throw new ApiError(400, Errors.invalidUrl)
  }
}
