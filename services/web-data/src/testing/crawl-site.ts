import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A multi-page website on 127.0.0.1 for crawl, map, batch and extract tests (and the crawl
 * benchmark), with `robots.txt`, a sitemap index and pages only the sitemap names.
 *
 * ```
 * /                      links: /docs/, /blog/, /about.html, /private/secret.html, /docs/1?ref=home,
 *                        /docs/1#top, /broken.html, https://external.invalid/page
 * /docs/                 links /docs/1 … /docs/{docs}
 * /docs/{i}              links /docs/{i+1}, /docs/
 * /blog/                 links /blog/post-1 … /blog/post-3
 * /about.html            "Company: Fixture Ltd" / "Founded: 1999" (labelled facts for extract)
 * /private/secret.html   disallowed by robots.txt
 * /broken.html           links /missing.html (404) and /reset (connection reset: a failed page)
 * /orphan.html           linked from nowhere, listed in the sitemap
 * /robots.txt            Disallow: /private/ ; Sitemap: /sitemap.xml
 * /sitemap.xml           sitemap index → /sitemap-pages.xml (/, /about.html, /orphan.html, /blog/post-2)
 * /p/{i}                 with `generated: n`: n pages, each linking /p/{2i+1}, /p/{2i+2}, /p/{i+1}
 * ```
 */
export interface CrawlSite {
  url: string
  at(path: string): string
  /** Requests per path (with query). */
  hits: Map<string, number>
  close(): Promise<void>
}

export interface CrawlSiteOptions {
  /** Number of /docs/{i} pages (default 5). */
  docs?: number
  /** Number of generated /p/{i} pages (default 0); `/` then also links /p/0. */
  generated?: number
  /** Delay of every page answer, in milliseconds. */
  delayMs?: number
  port?: number
  /** More pages by path (HTML), served as they are (the scrape benchmark's article). */
  extraPages?: Readonly<Record<string, string>>
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${title} of the fixture site."></head>
<body><header><nav><a href="/">Home</a></nav></header><main><h1>${title}</h1>${body}</main>
<footer><p>© Fixture Ltd.</p></footer></body></html>`

const links = (paths: string[]) => `<ul>${paths.map((p) => `<li><a href="${p}">${p}</a></li>`).join('')}</ul>`

export function crawlSitePage(path: string, origin: string, options: CrawlSiteOptions): string | undefined {
  const docs = options.docs ?? 5
  const generated = options.generated ?? 0
  if (path === '/') {
    const extra = generated > 0 ? ['/p/0'] : []
    return page(
      'Home',
      `<p>Welcome to the fixture site.</p>${links([
        '/docs/',
        '/blog/',
        '/about.html',
        '/private/secret.html',
        '/docs/1?ref=home',
        '/docs/1#top',
        '/broken.html',
        'https://external.invalid/page',
        ...extra,
      ])}`,
    )
  }
  if (path === '/docs/' || path === '/docs')
    return page('Docs', links(Array.from({ length: docs }, (_, i) => `/docs/${i + 1}`)))
  const doc = /^\/docs\/(\d+)$/.exec(path)
  if (doc) {
    const i = Number(doc[1])
    if (i < 1 || i > docs) return undefined
    return page(
      `Doc ${i}`,
      `<p>Chapter ${i} of the guide.</p>${links([...(i < docs ? [`/docs/${i + 1}`] : []), '/docs/'])}`,
    )
  }
  if (path === '/blog/' || path === '/blog')
    return page('Blog', links(['/blog/post-1', '/blog/post-2', '/blog/post-3']))
  const post = /^\/blog\/post-([1-3])$/.exec(path)
  if (post) return page(`Post ${post[1]}`, `<p>Blog post number ${post[1]}.</p>`)
  if (path === '/about.html')
    return page('About', '<p>Company: Fixture Ltd</p><p>Founded: 1999</p><p>Employees: 42</p>')
  if (path === '/private/secret.html') return page('Secret', '<p>Robots may not read this.</p>')
  if (path === '/broken.html') return page('Broken links', links(['/missing.html', '/reset']))
  if (path === '/orphan.html') return page('Orphan', '<p>Only the sitemap knows this page.</p>')
  const gen = /^\/p\/(\d+)$/.exec(path)
  if (gen && generated > 0) {
    const i = Number(gen[1])
    if (i >= generated) return undefined
    const next = [2 * i + 1, 2 * i + 2, i + 1].filter((n) => n < generated).map((n) => `/p/${n}`)
    const text = Array.from(
      { length: 8 },
      (_, k) => `<p>Paragraph ${k + 1} of page ${i}: the quick brown fox jumps over the lazy dog.</p>`,
    ).join('')
    return page(`Page ${i}`, `${text}${links(next)}`)
  }
  if (path === '/robots.txt') return `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap.xml\n`
  if (path === '/sitemap.xml')
    return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap></sitemapindex>`
  if (path === '/sitemap-pages.xml')
    return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${[
      '/',
      '/about.html',
      '/orphan.html',
      '/blog/post-2',
    ]
      .map((p) => `<url><loc>${origin}${p}</loc></url>`)
      .join('')}</urlset>`
  return undefined
}

export async function startCrawlSite(options: CrawlSiteOptions = {}): Promise<CrawlSite> {
  const hits = new Map<string, number>()
  let origin = ''
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture')
    const key = `${url.pathname}${url.search}`
    hits.set(key, (hits.get(key) ?? 0) + 1)
    if (url.pathname === '/reset') {
      req.socket.destroy()
      return
    }
    const answer = () => {
      const body = options.extraPages?.[url.pathname] ?? crawlSitePage(url.pathname, origin, options)
      if (body === undefined) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
        res.end(page('Not found', '<p>No such page.</p>'))
        return
      }
      const type = url.pathname.endsWith('.xml')
        ? 'application/xml'
        : url.pathname.endsWith('.txt')
          ? 'text/plain'
          : 'text/html; charset=utf-8'
      res.writeHead(200, { 'content-type': type })
      res.end(body)
    }
    if (options.delayMs && !url.pathname.endsWith('.txt') && !url.pathname.endsWith('.xml')) {
      const timer = setTimeout(answer, options.delayMs)
      res.on('close', () => clearTimeout(timer))
    } else answer()
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return {
    url: origin,
    at: (path) => `${origin}${path}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
