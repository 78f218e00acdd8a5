import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small website on 127.0.0.1 for the web-data SDK to scrape, crawl and search:
 * `/` links every page; `/docs/{1..n}` link each other. `/phrase.html` holds the exact phrase
 * `PHRASE`; `/scattered.html` holds the same words scattered and repeated (more matches, no phrase).
 */
export const PHRASE = 'copper kettle whistles loudly'

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`

export interface Site {
  url: string
  at(path: string): string
  close(): Promise<void>
}

export async function startSite(docs = 4): Promise<Site> {
  const pages = new Map<string, string>()
  const links = [
    '/phrase.html',
    '/scattered.html',
    ...Array.from({ length: docs }, (_, i) => `/docs/${i + 1}`),
  ]
  pages.set('/', page('Home', links.map((l) => `<p><a href="${l}">${l}</a></p>`).join('')))
  pages.set('/phrase.html', page('Kettles', `<p>Our ${PHRASE} when the water boils.</p>`))
  pages.set(
    '/scattered.html',
    page(
      'Copper kitchen notes',
      '<p>Copper pans. Copper pots. A kettle, another kettle. The dog whistles; the radio plays loudly. Loudly, copper.</p>',
    ),
  )
  // Not linked from `/`: a page whose content its script builds, with an image (for the browser
  // rendering of a plain scrape and the `images` format).
  pages.set(
    '/shell.html',
    `<!doctype html><html lang="en"><head><title>Shop</title></head><body><div id="root"></div><script>
document.getElementById('root').innerHTML = '<h1>Kettle shop</h1><p>Rendered by its script.</p><img src="/img/kettle.png" alt="kettle">'
</script></body></html>`,
  )
  for (let i = 1; i <= docs; i++) {
    pages.set(
      `/docs/${i}`,
      page(`Doc ${i}`, `<p>Chapter ${i}.</p><a href="/docs/${(i % docs) + 1}">next</a>`),
    )
  }
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    const html = pages.get(path)
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n')
      return
    }
    if (!html) {
      res.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found', ''))
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    at: (p) => url + p,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
