import http from 'node:http'
import https from 'node:https'
import { assertHostAllowed, guardedLookup, isPrivateAddress } from './guard.js'
import { readBody } from './read-body.js'

export interface FetchedPage {
  /** The URL asked for. */
  url: string
  /** The URL of the last hop, after redirects. */
  finalUrl: string
  statusCode: number
  contentType: string
  body: string
}

export class FetchTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the page did not answer within ${timeoutMs} ms`)
    this.name = 'FetchTimeoutError'
  }
}

export class FetchFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'FetchFailedError'
  }
}

export interface FetchOptions {
  allowPrivate: boolean
  /** Overrides which resolved addresses are refused (default: private ones, unless allowPrivate). */
  isBlocked?: (address: string) => boolean
  timeoutMs: number
  headers?: Record<string, string>
  maxRedirects?: number
  maxBytes?: number
  signal?: AbortSignal
}

const USER_AGENT = 'WebDataReferenceService/2 (+https://github.com/apiplatform)'

/**
 * Keep-alive connection pools, one pair per address policy: a socket is only reused by requests
 * under the policy whose guarded lookup admitted its address, so a connection opened while private
 * addresses were allowed never serves a request that refuses them. A reused socket stays connected
 * to the address the guard checked when it was opened.
 */
interface Agents {
  http: http.Agent
  https: https.Agent
}
const agentOptions = {
  keepAlive: true,
  keepAliveMsecs: 1000,
  maxFreeSockets: 64,
  scheduling: 'lifo',
} as const
const newAgents = (): Agents => ({ http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) })
const allowAllAgents = newAgents()
const defaultAgents = newAgents()
const customAgents = new WeakMap<(address: string) => boolean, Agents>()

function agentsFor(options: FetchOptions): Agents {
  if (options.isBlocked) {
    const known = customAgents.get(options.isBlocked)
    if (known) return known
    const agents = newAgents()
    customAgents.set(options.isBlocked, agents)
    return agents
  }
  return options.allowPrivate ? allowAllAgents : defaultAgents
}

/**
 * Fetches a page over HTTP(S). Redirects are followed by hand so that every hop goes through the
 * private-address guard (on the resolved addresses), and the whole exchange shares one deadline.
 */
export async function fetchPage(url: string, options: FetchOptions): Promise<FetchedPage> {
  const deadline = AbortSignal.timeout(options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline
  const maxRedirects = options.maxRedirects ?? 10
  let current = new URL(url)
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let response: {
      statusCode: number
      headers: http.IncomingHttpHeaders
      body: string
    }
    try {
      response = await request(current, options, signal)
    } catch (error) {
      if (deadline.aborted) throw new FetchTimeoutError(options.timeoutMs)
      // A pooled connection the server closed just as we reused it: once more, on a new one.
      if (!(error instanceof StaleSocketError)) throw error
      try {
        response = await request(current, options, signal, true)
      } catch (retryError) {
        if (deadline.aborted) throw new FetchTimeoutError(options.timeoutMs)
        throw retryError
      }
    }
    const location = response.headers.location
    if (response.statusCode >= 300 && response.statusCode < 400 && location) {
      const next = new URL(location, current)
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        throw new FetchFailedError(`redirect to unsupported scheme ${next.protocol}`)
      }
      current = next
      continue
    }
    return {
      url,
      finalUrl: current.toString(),
      statusCode: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    }
  }
  throw new FetchFailedError(`more than ${maxRedirects} redirects`)
}

/** A reused keep-alive socket failed before any answer: the request is safe to send again. */
class StaleSocketError extends Error {}

function request(
  url: URL,
  options: FetchOptions,
  signal: AbortSignal,
  freshConnection = false,
): Promise<{
  statusCode: number
  headers: http.IncomingHttpHeaders
  body: string
}> {
  const isBlocked = options.isBlocked ?? (options.allowPrivate ? () => false : isPrivateAddress)
  assertHostAllowed(url.hostname, isBlocked)
  const client = url.protocol === 'https:' ? https : http
  const agents = agentsFor(options)
  const agent = freshConnection ? false : url.protocol === 'https:' ? agents.https : agents.http
  const maxBytes = options.maxBytes ?? 10_000_000
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        agent,
        lookup: guardedLookup(isBlocked),
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5',
          'accept-encoding': 'gzip, deflate, br',
          ...options.headers,
        },
      },
      (res) => {
        readBody(req, res, maxBytes, () => new FetchFailedError(`page larger than ${maxBytes} bytes`)).then(
          (body) =>
            resolve({
              statusCode: res.statusCode ?? 0,
              headers: res.headers,
              body: decode(body, res.headers),
            }),
          reject,
        )
      },
    )
    let answered = false
    req.once('response', () => {
      answered = true
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        reject(new StaleSocketError(error.message))
      else reject(error)
    })
    req.end()
  })
}

function decode(buffer: Buffer, headers: http.IncomingHttpHeaders): string {
  const charset = /charset=([^;]+)/i
    .exec(String(headers['content-type'] ?? ''))?.[1]
    ?.trim()
    .toLowerCase()
  try {
    return new TextDecoder(charset && charset !== 'utf8' ? charset : 'utf-8').decode(buffer)
  } catch {
    return buffer.toString('utf8')
  }
}
