/**
 * A small local web site the web-data samples scrape, crawl and map instead of the example hosts of
 * the spec (tests make no request beyond the machine). Every path is a page linking to a few
 * others; POSTs (webhook deliveries) are accepted; `/never-answers` holds its request open.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Site {
  url: string
  /** Webhook deliveries received (POST paths). */
  deliveries: string[]
  close(): Promise<void>
}

const PAGES = ['/', '/quickstart', '/guides/authentication', '/guides/pagination', '/pricing', '/blog/launch']

function page(pathname: string): string {
  const links = PAGES.map((p) => `<li><a href="${p}">${p}</a></li>`).join('')
  return `<!doctype html><html><head><title>Docs ${pathname}</title></head><body><main>
<h1>Page ${pathname}</h1>
<p>Authentication uses an API key sent as a bearer token. Plans: Hobby costs 16 dollars a month, Standard 83.</p>
<ul>${links}</ul></main></body></html>`
}

export async function startSite(): Promise<Site> {
  const deliveries: string[] = []
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://site').pathname
    if (req.method === 'POST') {
      deliveries.push(pathname)
      req.resume()
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      return
    }
    // A page that never answers: work reading it (an agent run) is still running when the test
    // acts on it. Closing the site ends it.
    if (pathname === '/never-answers') return
    if (pathname === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n')
      return
    }
    if (pathname === '/sitemap.xml') {
      const base = `http://${req.headers.host}`
      const urls = PAGES.map((p) => `<url><loc>${base}${p}</loc></url>`).join('')
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        )
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(pathname))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    deliveries,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
