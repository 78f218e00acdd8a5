import http from 'node:http'
import https from 'node:https'
import type { BrowserContext, Route } from 'playwright-core'
import { assertHostAllowed, guardedLookup, PrivateAddressError } from '../net/guard.js'
import { readBody } from '../net/read-body.js'

/** Largest response the browser may receive for one request through the guard. */
const MAX_RESPONSE_BYTES = 25_000_000
/** Deadline of one request the guard makes for the browser. */
const REQUEST_TIMEOUT_MS = 30_000
/** Headers that belong to one hop (or that the guard sets itself) and are not forwarded. */
const HOP_HEADERS = new Set([
  'connection',
  'content-length',
  'host',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'accept-encoding',
])

export interface BrowserGuard {
  /** URLs the guard refused (a private address, or a scheme other than http/https/data/blob). */
  blocked: Map<string, string>
}

export interface BrowserGuardOptions {
  /** True for resolved addresses the browser may not reach. */
  isBlocked: (address: string) => boolean
  /** Accept any TLS certificate (the scrape option `skipTlsVerification`). */
  skipTlsVerification?: boolean
}

/**
 * Routes every request of a browser context through the service's private-address guard.
 *
 * The browser does not reach the network itself: each request (documents, subresources, fetch/XHR)
 * is performed here with the guarded `lookup` — the same check the plain fetcher uses, on the very
 * addresses the socket connects to, so DNS rebinding cannot slip through — and the answer is handed
 * back to the browser. Redirects are not followed here: the 3xx goes back to the browser, whose next
 * hop is intercepted and checked again. Service workers are blocked by the context options so they
 * cannot bypass routing; WebSockets to refused hosts are closed.
 */
export async function installBrowserGuard(
  context: BrowserContext,
  options: BrowserGuardOptions,
): Promise<BrowserGuard> {
  const guard: BrowserGuard = { blocked: new Map() }
  await context.route('**/*', (route) => handleRoute(route, options, guard))
  await context.routeWebSocket(/.*/, async (ws) => {
    try {
      const url = new URL(ws.url())
      assertHostAllowed(url.hostname, options.isBlocked)
      await new Promise<void>((resolve, reject) =>
        guardedLookup(options.isBlocked)(url.hostname, {}, (error) => (error ? reject(error) : resolve())),
      )
      ws.connectToServer()
    } catch (error) {
      guard.blocked.set(ws.url(), error instanceof Error ? error.message : String(error))
      await ws.close({ code: 1008, reason: 'address not allowed' })
    }
  })
  return guard
}

async function handleRoute(route: Route, options: BrowserGuardOptions, guard: BrowserGuard): Promise<void> {
  const request = route.request()
  let url: URL
  try {
    url = new URL(request.url())
  } catch {
    await route.abort('blockedbyclient').catch(() => {})
    return
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:') {
    await route.continue().catch(() => {})
    return
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    guard.blocked.set(url.toString(), `scheme ${url.protocol} is not allowed`)
    await route.abort('blockedbyclient').catch(() => {})
    return
  }
  try {
    const headers = await request.allHeaders()
    const body = request.postDataBuffer()
    const response = await guardedRequest(url, {
      method: request.method(),
      headers,
      body,
      isBlocked: options.isBlocked,
      rejectUnauthorized: !(options.skipTlsVerification ?? true),
    })
    await route.fulfill({ status: response.status, headers: response.headers, body: response.body })
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      guard.blocked.set(url.toString(), error.message)
      await route.abort('blockedbyclient').catch(() => {})
      return
    }
    const code = (error as { code?: string }).code
    const reason =
      code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'namenotresolved'
        : code === 'ECONNREFUSED'
          ? 'connectionrefused'
          : code === 'ETIMEDOUT' || (error as Error).name === 'TimeoutError'
            ? 'timedout'
            : 'failed'
    await route.abort(reason).catch(() => {})
  }
}

interface GuardedResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One HTTP exchange, without following redirects, through the private-address guard. */
function guardedRequest(
  url: URL,
  options: {
    method: string
    headers: Record<string, string>
    body: Buffer | null
    isBlocked: (address: string) => boolean
    rejectUnauthorized: boolean
  },
): Promise<GuardedResponse> {
  assertHostAllowed(url.hostname, options.isBlocked)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(options.headers)) {
    if (!HOP_HEADERS.has(name.toLowerCase()) && !name.startsWith(':')) headers[name] = value
  }
  headers['accept-encoding'] = 'gzip, deflate, br'
  if (options.body) headers['content-length'] = String(options.body.length)
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method,
        headers,
        lookup: guardedLookup(options.isBlocked),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        ...(url.protocol === 'https:' ? { rejectUnauthorized: options.rejectUnauthorized } : {}),
      },
      (res) => {
        readBody(
          req,
          res,
          MAX_RESPONSE_BYTES,
          () => new Error(`response larger than ${MAX_RESPONSE_BYTES} bytes`),
        ).then((body) => {
          const out: Record<string, string> = {}
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue
            if (name === 'content-encoding' || name === 'content-length' || name === 'transfer-encoding')
              continue
            out[name] = Array.isArray(value) ? value.join('\n') : value
          }
          resolve({ status: res.statusCode ?? 502, headers: out, body })
        }, reject)
      },
    )
    req.on('error', reject)
    req.end(options.body ?? undefined)
  })
}
