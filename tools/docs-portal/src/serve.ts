/**
 * Serves the built portal (dist/) on DOCS_PORT (default 7300) and DOCS_HOST (default 127.0.0.1).
 * A static file server with no dependencies: `pnpm --dir tools/docs-portal start`, or through the
 * root `pnpm start`.
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
export const defaultDir = path.resolve(here, '..', 'dist')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

export function createDocsServer(dir = defaultDir): http.Server {
  const root = path.resolve(dir)
  return http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)
    } catch {
      res.writeHead(400).end('bad request')
      return
    }
    let file = path.resolve(root, `.${pathname}`)
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(403).end('forbidden')
      return
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { location: `${pathname}/` }).end()
        return
      }
      file = path.join(file, 'index.html')
    }
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': fs.statSync(file).size,
      'cache-control': 'no-cache',
    })
    if (req.method === 'HEAD') res.end()
    else fs.createReadStream(file).pipe(res)
  })
}

export function listen(server: http.Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const { port: actual } = server.address() as AddressInfo
      resolve(`http://${host}:${actual}/`)
    })
  })
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!fs.existsSync(path.join(defaultDir, 'index.html'))) {
    console.error(
      'docs portal: dist/ is not built; run `pnpm run docs` (or `pnpm --dir tools/docs-portal run docs`) first',
    )
    process.exit(1)
  }
  const port = Number(process.env.DOCS_PORT ?? 7300)
  const host = process.env.DOCS_HOST ?? '127.0.0.1'
  const server = createDocsServer()
  const url = await listen(server, port, host)
  console.log(`docs portal: ${url}`)
  const stop = () => server.close(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
