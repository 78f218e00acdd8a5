import http from 'node:http'
import { encodeBody, type FuzzRequest, requestPath } from './request.js'

export interface Answer {
  status: number
  contentType: string | null
  /** Parsed JSON when the answer is JSON, else the text; undefined when empty. */
  body: unknown
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
  return {
    close: () => agent.destroy(),
    send(request) {
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
        const finish = (outcome: Outcome) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          resolve(outcome)
        }
        let req: http.ClientRequest
        try {
          req = http.request(
            {
              host: url.hostname,
              port: url.port,
              method: request.method,
              path: `${url.pathname.replace(/\/$/, '')}${requestPath(request)}`,
              headers,
              agent,
            },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('error', (e) =>
                finish({
                  ok: false,
                  reason: 'transport',
                  message: e.message,
                  ms: performance.now() - started,
                }),
              )
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
                finish({
                  ok: true,
                  answer: {
                    status: res.statusCode ?? 0,
                    contentType,
                    body: parsed,
                    ms: performance.now() - started,
                  },
                })
              })
            },
          )
        } catch (error) {
          // A request node:http refuses to write (an invalid header character): nothing was sent.
          resolve({ ok: false, reason: 'transport', message: `not sent: ${(error as Error).message}`, ms: 0 })
          return
        }
        const timer = setTimeout(() => {
          finish({
            ok: false,
            reason: 'timeout',
            message: `no answer within ${options.timeoutMs} ms`,
            ms: performance.now() - started,
          })
          req.destroy()
        }, options.timeoutMs)
        req.on('error', (e) =>
          finish({ ok: false, reason: 'transport', message: e.message, ms: performance.now() - started }),
        )
        req.end(body)
      })
    },
  }
}
