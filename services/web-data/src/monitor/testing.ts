import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A site whose pages the test changes between monitor checks. */
export interface MutableSite {
  url: string
  at(path: string): string
  set(path: string, html: string | undefined): void
  /** Answers `path` after `ms` milliseconds from now on. */
  delay(path: string, ms: number): void
  close(): Promise<void>
}

export async function startMutableSite(pages: Record<string, string> = {}): Promise<MutableSite> {
  const content = new Map(Object.entries(pages))
  const delays = new Map<string, number>()
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname
    const html = content.get(path)
    const answer = () => {
      res.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(html ?? '<html><body><main><h1>Not found</h1></main></body></html>')
    }
    const ms = delays.get(path)
    if (!ms) return answer()
    const timer = setTimeout(answer, ms)
    req.on('close', () => clearTimeout(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    at: (path) => `${url}${path}`,
    set: (path, html) => (html === undefined ? content.delete(path) : content.set(path, html)),
    delay: (path, ms) => delays.set(path, ms),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`

export interface ReceivedWebhook {
  headers: IncomingMessage['headers']
  body: string
  /** Whether `X-WebData-Signature` verifies with the secret (HMAC-SHA256 of `<t>.<body>`). */
  verified: boolean
  payload: Record<string, unknown>
}

/** A webhook receiver that verifies signatures the way the README tells integrators to. */
export async function startWebhookReceiver(secret: string) {
  const received: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const header = String(req.headers['x-webdata-signature'] ?? '')
      const t = /t=(\d+)/.exec(header)?.[1] ?? ''
      const v1 = /v1=([0-9a-f]+)/.exec(header)?.[1] ?? ''
      const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')
      const verified =
        v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
      received.push({ headers: req.headers, body, verified, payload: JSON.parse(body) })
      res.writeHead(verified ? 204 : 401)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A monitor body that never fires on its own during a test (once a year). */
export const yearly = (urls: string[], extra: Record<string, unknown> = {}) =>
  ({
    name: 'test monitor',
    schedule: { cron: '0 0 1 1 *' },
    targets: [{ type: 'scrape', urls }],
    ...extra,
  }) as never

export const UNKNOWN_ID = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
