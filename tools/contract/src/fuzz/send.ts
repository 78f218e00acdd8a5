import http from 'node:http'
import type { Socket } from 'node:net'
import { encodeBody, type FuzzRequest, requestPath } from './request.js'

export interface Answer {
  status: number
  contentType: string | null
  /** Parsed JSON when the answer is JSON, else the text; undefined when empty. */
  body: unknown
  /** Seconds of a `Retry-After` header. */
  retryAfter?: number
  ms: number
}

export type Outcome =
  | { ok: true; answer: Answer }
  | { ok: false; reason: 'timeout' | 'transport'; message: string; ms: number }

export interface Sender {
  send(request: FuzzRequest): Promise<Outcome>
  close(): void
}

/**
 * Sends requests over node:http rather than fetch: fetch refuses some of what a fuzzer must send
 * (a body on GET, raw bytes in a path, a header value with a tab). A request that has no answer
 * after `timeoutMs` is abandoned and reported as a hang.
 */
export function createSender(
  baseUrl: string,
  credential: string,
  options: { timeoutMs: number; concurrency: number },
): Sender {
  const url = new URL(baseUrl)
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency })
  // A server may answer before it has read a large body (a 413), keep the connection, and close it
  // once it stops draining. Node then hands the socket back to the pool as soon as both the answer
  // and the write are done, and for a moment no request owns it: a late write error (EPIPE) on it
  // has no listener and would end the fuzzer's process. While a request owns the socket, Node
  // passes its errors to the request as well, so this listener hides nothing.
  const listened = new WeakSet<Socket>()
  const keepListening = (socket: Socket) => {
    if (listened.has(socket)) return
    listened.add(socket)
    socket.on('error', () => {})
  }

  const attempt = (request: FuzzRequest, retried: boolean): Promise<Outcome> => {
    const started = performance.now()
    const body = encodeBody(request.body)
    const headers: Record<string, string | number> = {}
    if (request.contentType) headers['content-type'] = request.contentType
    if (body) headers['content-length'] = body.length
    if (request.authorization === 'valid') headers.authorization = `Bearer ${credential}`
    else if (request.authorization !== null)
      headers.authorization = request.authorization.replaceAll('{key}', credential)
    return new Promise<Outcome>((resolve) => {
      let settled = false
      let timer: NodeJS.Timeout | undefined
      const finish = (outcome: Outcome | Promise<Outcome>) => {
        if (settled) return
        settled = true
        clearTimeout(timer)
        resolve(outcome)
      }
      const failed = (reason: 'timeout' | 'transport', message: string): Outcome => ({
        ok: false,
        reason,
        message,
        ms: performance.now() - started,
      })
      let req: http.ClientRequest
      try {
        req = http.request(
          {
            host: url.hostname,
            port: url.port,
            method: request.method,
            path: `${url.pathname.replace(/\/$/, '')}${requestPath(request)}`,
            headers,
            // A retry goes out on a connection of its own: another pooled one may be closing too.
            agent: retried ? false : agent,
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('error', (e) => finish(failed('transport', e.message)))
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8')
              const contentType = (res.headers['content-type'] as string | undefined) ?? null
              let parsed: unknown = text.length === 0 ? undefined : text
              if (text.length > 0 && contentType?.includes('json')) {
                try {
                  parsed = JSON.parse(text)
                } catch {
                  parsed = text
                }
              }
              const retryAfter = Number(res.headers['retry-after'] ?? Number.NaN)
              const answer = {
                status: res.statusCode ?? 0,
                contentType,
                body: parsed,
                ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
                ms: performance.now() - started,
              }
              finish({ ok: true, answer })
            })
          },
        )
      } catch (error) {
        // A request node:http refuses to write (an invalid header character): nothing was sent.
        finish(failed('transport', `not sent: ${(error as Error).message}`))
        return
      }
      timer = setTimeout(() => {
        finish(failed('timeout', `no answer within ${options.timeoutMs} ms`))
        req.destroy()
      }, options.timeoutMs)
      req.on('socket', keepListening)
      req.on('error', (e: NodeJS.ErrnoException) => {
        // The server closed a kept-alive socket as the request went out on it: the service never
        // answered the request, which is sent again once on a fresh connection.
        if (!retried && req.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE'))
          finish(attempt(request, true))
        else finish(failed('transport', e.message))
      })
      req.end(body)
    })
  }

  return { close: () => agent.destroy(), send: (request) => attempt(request, false) }
}
