import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, vi } from 'vitest'

export interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}
export type Handler = (req: Seen, res: ServerResponse) => void

/** A local HTTP server that answers from a queue of handlers (the last one repeats) and records requests. */
export async function faultServer() {
  const seen: Seen[] = []
  let queue: Handler[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const s = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body,
      }
      seen.push(s)
      const h = queue.length > 1 ? queue.shift() : queue[0]
      if (!h) return json(500, {})(s, res)
      h(s, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    reply(...h: Handler[]) {
      queue = h
      seen.length = 0
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

export type FaultServer = Awaited<ReturnType<typeof faultServer>>

/**
 * A fresh {@link faultServer} for every test of the calling file, closed after it with real timers,
 * mocks and environment restored: a request a test times out or aborts may still reach its server
 * later (on a loaded machine, after the next test has started), and must not count among the next
 * test's.
 */
export function faultServerPerTest(): FaultServer {
  let current: FaultServer | undefined
  beforeEach(async () => {
    current = await faultServer()
  })
  afterEach(async () => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
    await current?.close()
  })
  return new Proxy({} as FaultServer, {
    get: (_, p) => {
      if (!current) throw new Error('the fault server is there only while a test runs')
      return Reflect.get(current, p)
    },
  })
}

export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }

/**
 * Waits (on the real event loop) until `cond` holds. The deadline is in real time from
 * `performance.now()`, which fake timers leave alone, so a loaded machine gets the same patience.
 */
export async function until(cond: () => boolean, what = 'condition', timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    if (cond()) return
    await new Promise((r) => setImmediate(r))
  }
  if (cond()) return
  throw new Error(`timed out waiting for ${what}`)
}
