import { join, resolve } from 'node:path'
import { loadCredentials } from './credentials.js'
import { type Managed, startProcess, stopAll, waitUntilUp } from './processes.js'

// `pnpm start`: the pipeline has run (turbo build docs); this starts both reference services and
// the docs portal on their embedded defaults and tells a newcomer what to call.
const root = resolve(import.meta.dirname, '../../..')
const controlPort = process.env.CONTROL_PORT ?? '7100'
const webDataPort = process.env.WEB_DATA_PORT ?? '7200'
const docsPort = process.env.DOCS_PORT ?? '7300'
const credentials = loadCredentials(join(root, '.data', 'credentials.json'))
// The portal's "try it" calls the services from the browser: allow its origin, whatever its port.
const corsOrigins = process.env.CORS_ORIGINS ?? `http://127.0.0.1:${docsPort},http://localhost:${docsPort}`

const processes: Managed[] = [
  startProcess(
    'control',
    'pnpm',
    ['--silent', '--dir', 'services/control', 'start'],
    {
      PORT: controlPort,
      CONTROL_ROOT_KEY: credentials.controlRootKey,
      DATA_DIR: join(root, '.data', 'control'),
      CORS_ORIGINS: corsOrigins,
    },
    root,
  ),
  startProcess(
    'web-data',
    'pnpm',
    ['--silent', '--dir', 'services/web-data', 'start'],
    {
      PORT: webDataPort,
      WEB_DATA_API_KEY: credentials.webDataApiKey,
      DATA_DIR: join(root, '.data', 'web-data'),
      CORS_ORIGINS: corsOrigins,
      // Local development: the services may scrape the docs portal and other local pages.
      WEB_DATA_ALLOW_PRIVATE_URLS: '1',
    },
    root,
  ),
  startProcess(
    'docs',
    'pnpm',
    ['--silent', '--dir', 'tools/docs-portal', 'start'],
    { DOCS_PORT: docsPort },
    root,
  ),
]

const shutdown = () => {
  stopAll(processes)
  setTimeout(() => process.exit(0), 2000).unref()
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
for (const { name, child } of processes) {
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) {
      console.error(`${name} exited with code ${code}; stopping the others`)
      shutdown()
    }
  })
}

const control = `http://127.0.0.1:${controlPort}`
const webData = `http://127.0.0.1:${webDataPort}`
const docs = `http://127.0.0.1:${docsPort}`
const [c, w, d] = processes as [Managed, Managed, Managed]
await Promise.all([
  waitUntilUp(c, `${control}/openapi.json`),
  waitUntilUp(w, `${webData}/openapi.json`),
  waitUntilUp(d, docs),
]).catch((error: Error) => {
  console.error(error.message)
  shutdown()
})

console.log(`
  Deployment Control API   ${control}    spec: ${control}/openapi.json
    root key               ${credentials.controlRootKey}
  Web-Data API             ${webData}    spec: ${webData}/openapi.json
    API key                ${credentials.webDataApiKey}
    private URLs           allowed (WEB_DATA_ALLOW_PRIVATE_URLS=1, local development only)
  Docs portal              ${docs}
    getting started        ${docs}/guides/control.html, ${docs}/guides/web-data.html
    references             ${docs}/reference/control/, ${docs}/reference/web-data/ ("Test Request" calls the services)

  Keys are kept in .data/credentials.json; set CONTROL_ROOT_KEY / WEB_DATA_API_KEY to choose your own.
  Try:
    curl -s -X POST ${control}/v2/deployments.listDeployments \\
      -H 'Authorization: Bearer ${credentials.controlRootKey}' -H 'Content-Type: application/json' -d '{}'
    curl -s -X POST ${webData}/v2/scrape \\
      -H 'Authorization: Bearer ${credentials.webDataApiKey}' -H 'Content-Type: application/json' \\
      -d '{"url":"${docs}/"}'

  Ctrl-C stops everything.
`)
