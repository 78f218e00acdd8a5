import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { getRequestListener, type Http2Bindings, type HttpBindings, RequestError } from '@hono/node-server'
import type { Logger } from '../log/logger.js'
import { answerResponse, type ClientErrorHook } from './client-error.js'
import { answerParserError } from './parser-error.js'
import { logRefusal } from './refusal-log.js'
import { refusal } from './request-guard.js'

export type {
  ClientErrorAnswer,
  ClientErrorHook,
  ClientErrorKind,
  RefusedRequest,
} from './client-error.js'

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:7100`. */
  url: string
  port: number
  close(): Promise<void>
}

export interface ServeOptions {
  port: number
  hostname?: string
  /**
   * Time to receive a whole request, headers and body, in ms (default 60 s; Node's own is 300 s,
   * during which a client that trickles a body holds a connection and the handler waiting for it).
   */
  requestTimeoutMs?: number
  /** Time to receive the headers, in ms (default: half of `requestTimeoutMs`). */
  headersTimeoutMs?: number
  /**
   * The answer, in the API's error format, to a request refused before the app sees it: one Node
   * refuses by itself (Node answers them with a bare status line otherwise), one without a valid
   * Host, one whose path the URL parser would route elsewhere (see `ClientErrorKind`). The
   * connection is closed after it. Without it, those are answered as Node and the adapter do.
   */
  clientError?: ClientErrorHook
  /** Receives one line per refused request (the app's own requests are logged by `requestLog`). */
  logger?: Logger
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000

/**
 * How long an idle keep-alive connection stays open. Node's 5 s is close to the idle timeout of a
 * standard client (undici, i.e. `fetch`: 4 s, or the server's hint less a margin of 1–2 s), and a client whose
 * timer fires late on a busy machine then sends its next request on a socket the server is closing
 * (ECONNRESET). Well above any client default, the client closes first (it follows the
 * `Keep-Alive: timeout=65` hint minus its margin) and never writes to a socket the server dropped.
 * Node's `headersTimeout` (the limit for a request's headers) counts from a request's first byte
 * since Node 18, so it does not cut an idle connection short and need not exceed this.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** Serves a fetch handler on `port` (0 picks a free one) and resolves once it listens. */
export function serve(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: ServeOptions,
): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1'
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  const headersTimeout = Math.min(options.headersTimeoutMs ?? Math.ceil(requestTimeout / 2), requestTimeout)
  const answer = options.clientError
  const listener = getRequestListener(answer ? guarded(app.fetch, answer, options.logger) : app.fetch, {
    hostname,
    ...(answer
      ? { errorHandler: (error: unknown) => answerAdapterError(error, answer, options.logger) }
      : {}),
  })
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // Node looks for expired requests at this interval (30 s by default), so a limit is
      // only as exact as it.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.ceil(headersTimeout / 4))),
      // Checked by `refusal` instead, to answer in the API's format.
      requireHostHeader: !answer,
    },
    listener,
  )
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  if (answer)
    server.on('clientError', (error, socket) =>
      answerParserError(error, socket as Socket, answer, options.logger),
    )
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, hostname, () => {
      const info = server.address() as AddressInfo
      const host = hostname.includes(':') ? `[${hostname}]` : hostname
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${info.port}`,
        port: info.port,
        // Idle keep-alive connections would hold `close` open for up to a minute; they are ended
        // at once, as are requests still in flight.
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>

/** The app's fetch, behind the checks of what the client wrote that the Request no longer shows. */
function guarded(fetch: Fetch, answer: ClientErrorHook, logger: Logger | undefined): Fetch {
  return (request, env) => {
    const refused = refusal(env.incoming)
    if (!refused) return fetch(request, env)
    const answered = answer(refused.kind, refused.request)
    logRefusal(logger, refused.kind, answered, refused.request, refused.reason)
    return answerResponse(answered)
  }
}

/**
 * A request the adapter cannot turn into a Request (a backslash in the path, a Host that makes
 * no URL: its `RequestError`) is malformed; the adapter answers it with an empty 400 otherwise.
 * Anything else keeps the adapter's own answer to a fetch that threw (an empty 500).
 */
function answerAdapterError(error: unknown, answer: ClientErrorHook, logger: Logger | undefined): Response {
  if (!(error instanceof RequestError)) return new Response(null, { status: 500 })
  const answered = answer('malformed')
  logRefusal(logger, 'malformed', answered, undefined, error.message)
  return answerResponse(answered)
}
