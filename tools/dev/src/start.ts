/**
 * `pnpm start`: the pipeline (turbo build docs, with progress), then both reference services from
 * their built JavaScript and the docs portal, and the URLs and keys to use once every one of them
 * answers. All or nothing: if one cannot start, or stops later, everything is stopped. Ctrl-C,
 * SIGTERM and SIGHUP stop everything and exit 0; so does the end of the parent process (a process
 * manager that killed `pnpm` without passing the signal on).
 */
import { existsSync } from 'node:fs'
import type http from 'node:http'
import { join, resolve } from 'node:path'
import { banner } from './banner.js'
import { runBuild } from './build.js'
import { type Managed, type Service, startService, stopAll } from './children.js'
import { loadCredentials } from './credentials.js'
import { checkPorts } from './preflight.js'
import { PORT_VARIABLES, readSettings, type Settings } from './settings.js'

const root = resolve(import.meta.dirname, '../../..')
const say = (line: string) => process.stdout.write(`${line}\n`)
const complain = (line: string) => process.stderr.write(`pnpm start: ${line}\n`)

const managed: Managed[] = []
let docsServer: http.Server | undefined
let stopping = false

async function shutdown(code: number, reason?: string): Promise<never> {
  if (!stopping) {
    stopping = true
    if (reason) (code === 0 ? say : complain)(reason)
    await stopAll(managed)
    if (docsServer) {
      const server = docsServer
      server.closeAllConnections()
      await new Promise((r) => server.close(r))
    }
    process.exit(code)
  }
  return new Promise<never>(() => {})
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void shutdown(0, `${signal}: stopping everything`))
}
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) void shutdown(0, 'the parent process exited: stopping everything')
}, 500).unref()

let settings: Settings
try {
  settings = readSettings(root)
} catch (error) {
  complain((error as Error).message)
  process.exit(1)
}

const portProblems = await checkPorts(settings)
if (portProblems.length) {
  for (const problem of portProblems) complain(problem)
  await shutdown(1)
}

if (!settings.skipBuild) {
  say('pnpm start: building the specs, generated code, packages, services and docs (turbo run build docs)')
  const build = await runBuild(root, say, (child) => managed.push(child))
  managed.length = 0
  if (stopping) await new Promise(() => {})
  if (!build.ok) await shutdown(1, 'the build failed (output above); nothing was started')
  say(
    `pnpm start: built in ${build.seconds} s (${build.built} task(s) run, ${build.cached} from turbo's cache)`,
  )
}

// Built now: the services' shared runtime checks the data folder the way the services do.
const kit = await import('@apiplatform/server-kit')
const credentialsFile = settings.dataDir && join(settings.dataDir, 'credentials.json')
let credentials: ReturnType<typeof loadCredentials>
try {
  if (settings.dataDir) kit.prepareDataDir(settings.dataDir)
  credentials = loadCredentials(credentialsFile)
} catch (error) {
  await shutdown(1, kit.describeStartupError(error) ?? (error as Error).message)
  throw error
}

const scripts = {
  control: join(root, 'services/control/dist/main.js'),
  webData: join(root, 'services/web-data/dist/main.js'),
}
const docs = await import('@apiplatform/docs-portal/serve')
for (const file of [...Object.values(scripts), join(docs.defaultDir, 'index.html')]) {
  if (!existsSync(file))
    await shutdown(
      1,
      `${file} is missing: run \`pnpm build\` and \`pnpm run docs\` (or \`pnpm start\` without START_SKIP_BUILD)`,
    )
}

const storage = (schema: string, folder: string): NodeJS.ProcessEnv =>
  settings.databaseUrl
    ? { DATABASE_URL: settings.databaseUrl, DATABASE_SCHEMA: schema, DATA_DIR: undefined }
    : { DATA_DIR: settings.dataDir ? join(settings.dataDir, folder) : 'memory://', DATABASE_URL: undefined }
const common: NodeJS.ProcessEnv = {
  ...process.env,
  LOG_FORMAT: settings.pretty ? 'pretty' : 'json',
  // The portal's "try it" calls the services from the browser: allow its origin, whatever its port.
  CORS_ORIGINS:
    process.env.CORS_ORIGINS ??
    `http://127.0.0.1:${settings.ports.docs},http://localhost:${settings.ports.docs}`,
}

say('pnpm start: starting the control service, the web-data service and the docs portal')
const services: Service[] = [
  startService(
    'control',
    scripts.control,
    {
      ...common,
      PORT: String(settings.ports.control),
      CONTROL_ROOT_KEY: credentials.controlRootKey,
      // Recoverable keys are encrypted with it: the same key on every start keeps them readable.
      CONTROL_ENCRYPTION_KEY: credentials.controlEncryptionKey,
      ...storage('control', 'control'),
    },
    say,
  ),
  startService(
    'web-data',
    scripts.webData,
    {
      ...common,
      PORT: String(settings.ports.webData),
      WEB_DATA_API_KEY: credentials.webDataApiKey,
      // Local development: the service may scrape the docs portal and other local pages.
      WEB_DATA_ALLOW_PRIVATE_URLS: '1',
      ...storage('web_data', 'web-data'),
    },
    say,
  ),
]
managed.push(...services)

let docsUrl: string
try {
  docsServer = docs.createDocsServer()
  docsUrl = (await docs.listen(docsServer, settings.ports.docs, '127.0.0.1')).replace(/\/$/, '')
} catch (error) {
  docsServer = undefined
  const code = (error as NodeJS.ErrnoException).code
  await shutdown(
    1,
    code === 'EADDRINUSE'
      ? `port ${settings.ports.docs} (the docs portal) is already in use; set ${PORT_VARIABLES.docs} to a free port (0 picks one)`
      : `the docs portal could not start: ${(error as Error).message}`,
  )
  throw error
}

// Before the banner a failed start is reported by `ready` (with the service's own reason); after it,
// a service that stops takes the others with it.
let running = false
for (const service of services) {
  service.child.once('exit', (code, signal) => {
    if (running && !stopping)
      void shutdown(1, `${service.name} stopped (${signal ?? `exit code ${code}`}); stopped everything`)
  })
}
const urls: string[] = []
for (const service of services) {
  try {
    urls.push(await service.ready)
  } catch (error) {
    const cause = service.lastErrors.at(-1)
    await shutdown(
      1,
      `${service.name} did not start: ${cause ?? (error as Error).message}; stopped everything`,
    )
  }
}
const [control = '', webData = ''] = urls
running = true
for (const service of services)
  if (service.child.exitCode !== null || service.child.signalCode !== null)
    await shutdown(1, `${service.name} stopped; stopped everything`)
say(banner({ control, webData, docs: docsUrl }, credentials, credentialsFile))
