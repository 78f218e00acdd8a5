import type { AddressInfo } from 'node:net'
import { serve as serveNode } from '@hono/node-server'

export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:7100`. */
  url: string
  port: number
  close(): Promise<void>
}

/** Serves a fetch handler on `port` (0 picks a free one) and resolves once it listens. */
export function serve(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: { port: number; hostname?: string },
): Promise<RunningServer> {
  const hostname = options.hostname ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    const server = serveNode({ fetch: app.fetch, port: options.port, hostname }, (info: AddressInfo) => {
      const host = hostname.includes(':') ? `[${hostname}]` : hostname
      resolve({
        url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
    server.once('error', reject)
  })
}
