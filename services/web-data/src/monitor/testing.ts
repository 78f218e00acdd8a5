import { createServer } from 'node:http'
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

/** A monitor body that never fires on its own during a test (once a year). */
export const yearly = (urls: string[], extra: Record<string, unknown> = {}) =>
  ({
    name: 'test monitor',
    schedule: { cron: '0 0 1 1 *' },
    targets: [{ type: 'scrape', urls }],
    ...extra,
  }) as never

export const UNKNOWN_ID = '5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
