import type { Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { serve as serveNode } from '@hono/node-server'

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:7100`. */
  url: string
  port: number
  close(): Promise<void>
}

/**
 * A request Node's HTTP parser refuses before the app sees it: its headers or its body did not
 * arrive within the time limit, its headers are larger than Node accepts, or it is not HTTP.
 */
export type ClientErrorKind = 'timeout' | 'headers_too_large' | 'malformed'

/** The answer to a `ClientErrorKind`, in the API's error format. */
export interface ClientErrorAnswer {
  status: number
  body: unknown
  /** More response headers (e.g. the request id). */
  headers?: Record<string, string>
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
   * The answer, in the API's error format, to a request Node refuses by itself (Node answers
   * them with a bare status line otherwise). The connection is closed after it.
   */
  clientError?: (kind: ClientErrorKind) => ClientErrorAnswer
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
  return new Promise((resolve, reject) => {
    const server = serveNode(
      {
        fetch: app.fetch,
        port: options.port,
        hostname,
        serverOptions: {
          requestTimeout,
          headersTimeout,
          // Node looks for expired requests at this interval (30 s by default), so a limit is
          // only as exact as it.
          connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.ceil(headersTimeout / 4))),
        },
      },
      (info: AddressInfo) => {
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
      },
    ) as Server
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
    const answer = options.clientError
    if (answer)
      server.on('clientError', (error, socket) => answerClientError(error, socket as Socket, answer))
    server.once('error', reject)
  })
}

/** What Node does by default (`socketOnError`), with the API's body instead of an empty one. */
function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
  answer: (kind: ClientErrorKind) => ClientErrorAnswer,
): void {
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (!socket.writable || pending?.headersSent) {
    socket.destroy(error)
    return
  }
  const kind: ClientErrorKind =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'timeout'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : 'malformed'
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
    socket.destroy(error)
    return
  }
  const { status, body, headers = {} } = answer(kind)
  const text = JSON.stringify(body)
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\n' +
      extra +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      'Connection: close\r\n\r\n' +
      text,
  )
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  431: 'Request Header Fields Too Large',
}
