/**
 * A pass-through proxy in front of a stand-in that records every exchange (method, path, status,
 * body), so a test can see which operation a sample called and what the service answered,
 * whichever client sent it (curl, our client, an official SDK).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Exchange {
  method: string
  /** Path and query. */
  path: string
  status: number
  contentType: string | null
  body: unknown
}

export interface Recorder {
  url: string
  /** The exchanges since the last `take()`, which empties the list. */
  take(): Exchange[]
  close(): Promise<void>
}

export async function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target)
  let exchanges: Exchange[] = []
  const server = http.createServer((req, res) => {
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (c: Buffer) => chunks.push(c))
        answer.on('end', () => {
          const raw = Buffer.concat(chunks)
          const contentType = answer.headers['content-type'] ?? null
          let body: unknown = raw.length ? raw.toString('utf8') : undefined
          if (contentType?.includes('json') && raw.length) {
            try {
              body = JSON.parse(raw.toString('utf8'))
            } catch {
              // kept as text: the validator reports it
            }
          }
          exchanges.push({
            method: req.method ?? 'GET',
            path: req.url ?? '/',
            status: answer.statusCode ?? 0,
            contentType,
            body,
          })
          res.writeHead(answer.statusCode ?? 502, answer.headers).end(raw)
        })
      },
    )
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`recorder: ${error.message}`)
    })
    req.pipe(forward)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    take: () => {
      const out = exchanges
      exchanges = []
      return out
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
