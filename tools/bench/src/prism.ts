import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { type Child, spawnServer } from './child.js'

const require = createRequire(import.meta.url)
const PRISM = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js')

/** A free port on 127.0.0.1 (Prism needs one named: it does not report a port 0 choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * `prism mock <spec>` (@stoplight/prism-cli) on its defaults, as a team would run it instead of
 * our service: static examples, request validation, a log line per request. No network: the
 * bundle is one self-contained file.
 */
export async function startPrism(specFile: string): Promise<Child> {
  const port = await freePort()
  return spawnServer(process.execPath, [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), specFile], {
    urlPattern: /Prism is listening on (http:\/\/[0-9.:]+)/,
  })
}
