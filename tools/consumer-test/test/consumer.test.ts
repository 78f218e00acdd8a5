// The published packages as another team meets them. Every published client, spec, route and
// service package is packed and installed from its tarball into a project of its own (offline: the
// workspace's store and lockfile stand in for the registry), and realistic programs are type-checked
// with `tsc --strict` under node16 and bundler resolution: the `consumer:install` task
// (src/project.ts), which turbo runs before this suite. Here the programs run with the clients'
// default options against the services (started from their installed packages) and against a
// fault-injecting server. The services also start in a consumer's own vitest suite through their
// programmatic APIs, and as their images run them (the Dockerfiles' ENV and CMD).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type OfflineProject,
  openConsumerProject,
  type RunningCommand,
  readImageRecipe,
  readProjectChecks,
  startServiceCommand,
} from '@apiplatform/contract'
import { nodeReleases } from '@apiplatform/node-versions'
import { openDatabase } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type ConsumerChecks,
  PUBLISHED,
  packageDir,
  packageName,
  root,
  type TscCheck,
} from '../src/project.js'

const IMAGES = {
  'control-service': {
    recipe: readImageRecipe(join(root, 'services/control/Dockerfile')),
    probe: '/v2/liveness',
  },
  'web-data-service': {
    recipe: readImageRecipe(join(root, 'services/web-data/Dockerfile')),
    probe: '/openapi.json',
  },
}

let project: OfflineProject
let checks: ConsumerChecks
let control: RunningCommand | undefined
let webData: RunningCommand | undefined
let site: Server
let faults: Server
const servers = () => ({ site: url(site), faults: url(faults) })
const url = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`

/** Per path: the answers in order, the last one repeating. */
const FAULTS: Record<string, [number, Record<string, string>?][]> = {
  '/v2/liveness': [[503], [503], [200]],
  '/v2/deployments.getDeployment': [[429, { 'retry-after': '1' }], [200]],
  '/v2/deployments.rollbackDeployment': [[412]],
  '/v2/scrape': [[503], [502], [200]],
  '/v2/agent/5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10': [[429, { 'retry-after': '1' }], [200]],
  '/v2/map': [[422]],
  '/v2/crawl': [[400]],
  '/v2/keys.whoami': [[503], [200]],
  '/v2/search': [[500], [200]],
}
const faultCounts: Record<string, number> = {}

function startFaultServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const n = (faultCounts[path] ?? 0) + 1
    faultCounts[path] = n
    const answers = FAULTS[path] ?? [[404]]
    const [status, headers = {}] = answers[Math.min(n, answers.length) - 1] as [
      number,
      Record<string, string>?,
    ]
    // Control operations are `/v2/{service}.{procedure}` (and `/v2/liveness`).
    const control = path.includes('.') || path === '/v2/liveness'
    const body =
      status < 300
        ? control
          ? {
              meta: { requestId: 'req_fault' },
              data: { message: 'OK', id: path === '/v2/keys.whoami' ? 'key_1' : 'd_1' },
            }
          : { success: true, status: 'completed', data: { markdown: '# ok' } }
        : control
          ? {
              meta: { requestId: 'req_fault' },
              error: { title: 'Fault', detail: 'injected', status, type: 'about:blank' },
            }
          : { success: false, error: `Injected ${status}` }
    req.resume()
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/** What the lossy proxy saw of one request: its path, key, and the service's answer. */
interface Relayed {
  path: string
  key: string | undefined
  status: number
  replayed: boolean
  body: string
}

/**
 * A proxy in front of a service that, for the paths in `lose`, passes the first request on and then
 * answers 502 instead of the service's answer: the write was done, only its answer was lost.
 */
function startLossyProxy(target: () => string, lose: string[]): Promise<{ server: Server; seen: Relayed[] }> {
  const seen: Relayed[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'connection', 'content-length'].includes(entry[0]),
      ),
    )
    const answer = await fetch(`${target()}${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    })
    const body = await answer.text()
    const key = req.headers['idempotency-key']
    const lost = lose.includes(path) && !seen.some((r) => r.path === path)
    seen.push({
      path,
      key: typeof key === 'string' ? key : undefined,
      status: answer.status,
      replayed: answer.headers.get('idempotent-replayed') === 'true',
      body,
    })
    if (lost) {
      res.writeHead(502, { 'content-type': 'text/plain' })
      res.end('bad gateway')
      return
    }
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
    res.end(body)
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, seen })))
}

const PAGES: Record<string, string> = {
  '/': '<html><head><title>Acme</title></head><body><h1>Acme shop</h1><a href="/kettle.html">Kettle</a> <a href="/toaster.html">Toaster</a></body></html>',
  '/kettle.html':
    '<html><head><title>Acme Kettle</title></head><body><h1>Acme Kettle</h1><p>Price: 49.90 EUR</p><a href="/">Home</a></body></html>',
  '/toaster.html':
    '<html><head><title>Acme Toaster</title></head><body><h1>Acme Toaster</h1><p>Price: 29.90 EUR</p><a href="/">Home</a></body></html>',
}
function startSite(): Promise<Server> {
  const server = createServer((req, res) => {
    const page = PAGES[new URL(req.url ?? '/', 'http://x').pathname]
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html' })
    res.end(page ?? 'not found')
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/**
 * Both installed services as their commands start them (the package's bin script, run by `node`),
 * in memory. Their log level is the command's default: one JSON line per request, which the last
 * test reads.
 */
function startServices(
  node: string,
  storage: { control?: Record<string, string>; webData?: Record<string, string> } = {},
): Promise<[RunningCommand, RunningCommand]> {
  const memory = ['--memory']
  const bin = (name: string) => join(project.dir, 'node_modules/@apiplatform', name, 'bin', `${name}.js`)
  return Promise.all([
    startServiceCommand(node, [bin('control-service'), '--port', '0', ...(storage.control ? [] : memory)], {
      cwd: project.dir,
      env: {
        ...project.env,
        CONTROL_ROOT_KEY: 'root_consumer_test',
        CONTROL_WORKFLOW_STEP_MS: '20',
        LOG_FORMAT: 'json',
        ...storage.control,
      },
    }),
    startServiceCommand(node, [bin('web-data-service'), '--port', '0', ...(storage.webData ? [] : memory)], {
      cwd: project.dir,
      env: {
        ...project.env,
        WEB_DATA_API_KEY: 'fc-consumer-test',
        WEB_DATA_ALLOW_PRIVATE_URLS: '1',
        LOG_FORMAT: 'json',
        ...storage.webData,
      },
    }),
  ])
}

beforeAll(async () => {
  const t0 = performance.now()
  project = openConsumerProject(packageDir)
  checks = readProjectChecks<ConsumerChecks>(project)
  ;[site, faults] = await Promise.all([startSite(), startFaultServer()])
  // Their log level is the command's default: one JSON line per request, which the last test reads.
  ;[control, webData] = await startServices(process.execPath)
  console.log(`services started in ${Math.round(performance.now() - t0)} ms`)
})
afterAll(async () => {
  await Promise.all([control?.stop(), webData?.stop()])
  site?.close()
  faults?.close()
})

const runJson = async (file: string, env: Record<string, string>, node = process.execPath) => {
  const out = await project.run(node, [join('out', file)], env)
  return JSON.parse(out.trim().split('\n').at(-1) as string)
}

const controlEnv = (service = control) => ({
  CONTROL_BASE_URL: service?.url as string,
  CONTROL_ROOT_KEY: 'root_consumer_test',
})
const webDataEnv = (service = webData) => ({
  WEB_DATA_BASE_URL: service?.url as string,
  WEB_DATA_API_KEY: 'fc-consumer-test',
  SITE_URL: servers().site,
})

// biome-ignore lint/suspicious/noExplicitAny: the program's JSON output
function checkControlProgram(r: any) {
  expect(r.live).toBe('OK')
  expect(r.current).toMatchObject({ id: 'd_seed_v3', isCurrent: true, status: 200 })
  expect(r.current.requestId).toMatch(/^req_/)
  expect(r.pages).toBeGreaterThanOrEqual(3)
  expect(r.listed).toEqual(expect.arrayContaining(['d_seed_v1', 'd_seed_v2', 'd_seed_v3']))
  expect(new Set(r.listed).size).toBe(r.listed.length)
  expect(r.identityMeta).toEqual({ type: 'object', plan: 'pro', limits: { seats: 3 }, tags: ['eu'] })
  expect(r.errors.stopped).toMatchObject({ status: 412, retryable: false })
  expect(r.errors.missing).toMatchObject({ status: 404, retryable: false })
  expect(r.errors.wrongType).toMatchObject({ status: 400, retryable: false })
  expect(r.errors.wrongType.errors).toBeGreaterThan(0)
  expect(r.errors.wrongType.locations).toEqual(expect.arrayContaining([expect.any(String)]))
  expect(r.errors.stopped.requestId).toMatch(/^req_/)
  expect(r.rollback).toMatchObject({ outcome: 'current', isCurrent: true })
  expect(r.aborted).toBe('changed my mind')
  expect(r.missingKey).toContain('CONTROL_ROOT_KEY')
  expect(r.requests).toBeGreaterThan(10)
}

// biome-ignore lint/suspicious/noExplicitAny: the program's JSON output
function checkWebDataProgram(r: any) {
  expect(r.markdown).toBe(true)
  expect(r.json).toMatchObject({ name: expect.stringContaining('Kettle') })
  expect(r.requestId).toMatch(/^req_/)
  expect(r.crawl).toEqual({ outcome: 'completed', documents: 3 })
  expect(r.extract.outcome).toBe('completed')
  expect(r.errors.badId).toEqual({
    status: 400,
    error: 'Invalid job ID format. Job ID must be a valid UUID.',
    retryable: false,
  })
  expect(r.errors.badUrl).toMatchObject({ status: 400, retryable: false })
  expect(r.missingKey).toContain('WEB_DATA_API_KEY')
}

/** A type-check of the task: no error, and nothing read from outside the project. */
const passed = (check: TscCheck) => {
  if (check.error !== undefined) throw new Error(check.error)
  expect(check.outside).toEqual([])
}
describe('type-checks with tsc --strict', () => {
  it('under moduleResolution node16', () => passed(checks.node16))
  it('under moduleResolution bundler', () => passed(checks.bundler))
})

it('control client: defaults from the environment, pagination, JSON objects, errors, waitFor, hooks', async () => {
  checkControlProgram(await runJson('control.mjs', controlEnv()))
})

it('web-data client: defaults from the environment, JSON Schema inputs, json results, crawl polling and pages, errors', async () => {
  checkWebDataProgram(await runJson('web-data.mjs', webDataEnv()))
})

it('default retries against a faulty server: retryable statuses retried, Retry-After honoured, the rest not', async () => {
  const r = await runJson('faults.mjs', { FAULT_URL: servers().faults })
  expect(r.outcomes).toEqual({
    liveness: 'ok',
    deployment: 'ok',
    rollback: '412 false',
    scrape: 'ok',
    agent: 'ok',
    map: '422 false',
    crawl: '400 false',
  })
  const agent = '/v2/agent/5f0c6f64-2a39-4f65-9a57-1f1f3b3d8a10'
  const counted = {
    '/v2/liveness': 3,
    '/v2/deployments.getDeployment': 2,
    '/v2/deployments.rollbackDeployment': 1,
    '/v2/scrape': 3,
    [agent]: 2,
    '/v2/map': 1,
    '/v2/crawl': 1,
  }
  expect(r.attempts).toEqual(counted)
  expect(faultCounts).toMatchObject(counted)
  expect(r.waited.deployment).toBeGreaterThanOrEqual(1000)
  expect(r.waited.agent).toBeGreaterThanOrEqual(1000)
})

it('a write whose answer was lost is retried with one Idempotency-Key and done once, in both services', async () => {
  const [lossyControl, lossyWeb] = await Promise.all([
    startLossyProxy(() => control?.url as string, ['/v2/keys.createKey']),
    startLossyProxy(() => webData?.url as string, ['/v2/crawl']),
  ])
  try {
    const r = await runJson('idempotency.mjs', {
      LOSSY_CONTROL_URL: url(lossyControl.server),
      LOSSY_WEB_DATA_URL: url(lossyWeb.server),
      CONTROL_ROOT_KEY: 'root_consumer_test',
      WEB_DATA_API_KEY: 'fc-consumer-test',
      SITE_URL: servers().site,
    })
    for (const [seen, path, id] of [
      [lossyControl.seen, '/v2/keys.createKey', (b: string) => JSON.parse(b).data.keyId],
      [lossyWeb.seen, '/v2/crawl', (b: string) => JSON.parse(b).id],
    ] as const) {
      const [first, retry] = seen.filter((r) => r.path === path)
      // Both attempts carried one generated key; the service answered the retry with the first answer.
      expect(first?.key).toMatch(/^[0-9a-f-]{36}$/)
      expect(retry?.key).toBe(first?.key)
      expect(first?.status).toBeLessThan(300)
      expect(retry).toMatchObject({ status: first?.status, replayed: true, body: first?.body })
      expect(id(first?.body ?? '{}')).toBe(path === '/v2/crawl' ? r.crawlId : r.keyId)
    }
    expect(r.keyIds).toEqual([r.keyId])
    expect(r.mismatch).toBe(422)
    expect(r.keysAfterMismatch).toBe(2)
    // Reads carry no key.
    expect(lossyControl.seen.filter((x) => x.path === '/v2/apis.listKeys').map((x) => x.key)).toEqual([
      undefined,
      undefined,
    ])
  } finally {
    lossyControl.server.close()
    lossyWeb.server.close()
  }
})

/** Where the restart test keeps both services' data, and how it is removed afterwards. */
interface KeptStorage {
  control: Record<string, string>
  webData: Record<string, string>
  remove(): Promise<void>
}
const KEPT_STORAGES: Array<[string, () => KeptStorage]> = [
  [
    'PGlite in a data folder',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'idem-restart-'))
      return {
        control: { DATA_DIR: join(dir, 'control') },
        webData: { DATA_DIR: join(dir, 'web-data') },
        remove: async () => rmSync(dir, { recursive: true, force: true }),
      }
    },
  ],
  ...(process.env.TEST_DATABASE_URL
    ? [
        [
          'PostgreSQL',
          (): KeptStorage => {
            const databaseUrl = process.env.TEST_DATABASE_URL as string
            const schemas = {
              control: `idem_control_${process.pid}`,
              webData: `idem_web_data_${process.pid}`,
            }
            return {
              control: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schemas.control },
              webData: { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schemas.webData },
              remove: async () => {
                const db = await openDatabase({ databaseUrl })
                for (const schema of Object.values(schemas))
                  await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
                await db.close()
              },
            }
          },
        ] as [string, () => KeptStorage],
      ]
    : []),
]

it.each(KEPT_STORAGES)(
  'a write repeated with its Idempotency-Key after both services restarted on %s counts once',
  async (_, keep) => {
    const storage = keep()
    const repeat = (services: [RunningCommand, RunningCommand]) =>
      runJson('repeat.mjs', {
        ...controlEnv(services[0]),
        ...webDataEnv(services[1]),
        RUN_ID: `run${process.pid}`,
      })
    try {
      const first = await startServices(process.execPath, storage)
      const before = await repeat(first)
      expect(await Promise.all(first.map((s) => s.stop()))).toEqual([0, 0])
      const again = await startServices(process.execPath, storage)
      try {
        const after = await repeat(again)
        expect(before).toMatchObject({ keys: 1, mismatch: 422 })
        // The same answers, and still one key: nothing was done twice.
        expect(after).toEqual(before)
      } finally {
        await Promise.all(again.map((s) => s.stop()))
      }
    } finally {
      await storage.remove()
    }
  },
)

it('CommonJS with nothing configured: require, credentials and base URLs from the environment, error classes, retries', async () => {
  const env = {
    CONTROL_BASE_URL: control?.url as string,
    CONTROL_ROOT_KEY: 'root_consumer_test',
    WEB_DATA_BASE_URL: webData?.url as string,
    WEB_DATA_API_KEY: 'fc-consumer-test',
    FAULT_URL: servers().faults,
  }
  const out = await project.run(process.execPath, ['cjs.cjs'], env)
  expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toEqual({
    deployment: 'd_seed_v3',
    missing: { instance: true, status: 404 },
    badId: { instance: true, status: 400, error: 'Invalid job ID format. Job ID must be a valid UUID.' },
    whoami: 'key_1',
    search: true,
  })
  expect(faultCounts).toMatchObject({ '/v2/keys.whoami': 2, '/v2/search': 2 })
})

it('runs in a consumer vitest suite whose global set-up starts both services through their APIs', async () => {
  const output = await project.run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'])
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest's colours
  expect(output.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+6 passed/)
})

/**
 * The "Test controls" example of an installed service's README, as a reader copies it, and what its
 * comments say each `console.log` prints.
 */
function readmeExample(name: string): { code: string; prints: string[] } {
  const readme = readFileSync(join(project.dir, 'node_modules/@apiplatform', name, 'README.md'), 'utf8')
  const code = /```js\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('### Test controls')))?.[1] ?? ''
  const prints = code
    .split('\n')
    .filter((line) => line.startsWith('console.log('))
    .map((line) => line.split(' // ')[1]?.trim() ?? '')
  return { code, prints }
}

describe.each(['control-service', 'web-data-service'])("the test-controls example of %s's README", (name) => {
  it('runs as printed and prints what its comments say', async () => {
    const { code, prints } = readmeExample(name)
    expect(prints.length).toBeGreaterThan(1)
    const file = join(project.dir, `readme-controls-${name}.mjs`)
    writeFileSync(file, code)
    try {
      const out = await project.run(process.execPath, [file])
      // The service's own log lines (JSON, warnings only by default) are not the example's output.
      expect(out.split('\n').filter((line) => line !== '' && !line.startsWith('{'))).toEqual(prints)
    } finally {
      rmSync(file, { force: true })
    }
  })
})

// No docker engine here: each image's run stage (its ENV and CMD) on the same installed tarballs.
describe.each(Object.entries(IMAGES))('the image of %s', (command, { recipe, probe }) => {
  it('installs published packages only, all of them installed here, on node:20-slim', () => {
    expect(recipe.bases.every((base) => base === 'node:20-slim')).toBe(true)
    expect(recipe.packed.length).toBeGreaterThan(0)
    expect(PUBLISHED).toEqual(expect.arrayContaining(recipe.packed))
  })

  it('runs with the ENV and CMD of its Dockerfile, PostgreSQL through DATABASE_URL', async () => {
    const data = mkdtempSync(join(tmpdir(), 'image-data-'))
    const database = process.env.TEST_DATABASE_URL
    const schema = `image_${command.replaceAll('-', '_')}_${process.pid}`
    try {
      const [node = 'node', ...args] = recipe.cmd.map((part) => part.replace(/^\/app\//, `${project.dir}/`))
      expect(existsSync(args[0] as string)).toBe(true)
      const service = await startServiceCommand(node, args, {
        cwd: project.dir,
        env: {
          ...project.env,
          ...recipe.env,
          PORT: '0',
          DATA_DIR: data,
          ...(database ? { DATABASE_URL: database, DATABASE_SCHEMA: schema } : {}),
        },
      })
      expect(service.output()).toContain(database ? 'PostgreSQL (DATABASE_URL' : `PGlite in ${data}`)
      expect((await fetch(`${service.url}${probe}`)).status).toBe(200)
      expect(await service.stop()).toBe(0)
    } finally {
      rmSync(data, { recursive: true, force: true })
      if (database) {
        const db = await openDatabase({ databaseUrl: database })
        await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await db.close()
      }
    }
  })
})

// What the project's own development notes are called: none of it belongs in a published file.
const INTERNAL = /\bseeds?[ /]0\d\d|\bseeds\/|\d{3}_[0-9a-f]{16}\.txt|\bissues? #?\d+\b|\bissues show\b/i
const filesOf = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const path = join(dir, f)
    return statSync(path).isDirectory() ? (f === 'node_modules' ? [] : filesOf(path)) : [path]
  })

describe.each(PUBLISHED.slice(0, 4))('the installed %s', (dir) => {
  const installed = () => join(project.dir, 'node_modules', packageName(dir))

  it('ships its LICENSE and CHANGELOG.md (and a README for a client)', () => {
    const files = readdirSync(installed())
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'CHANGELOG.md', 'package.json']))
    if (dir.includes('client')) expect(files).toContain('README.md')
  })

  it('mentions no internal notes (seeds, issues) in any file, source maps and types included', () => {
    const leaks = filesOf(installed()).flatMap((file) => {
      const match = INTERNAL.exec(readFileSync(file, 'utf8'))
      return match ? [`${file.slice(installed().length)}: ${match[0]}`] : []
    })
    expect(leaks).toEqual([])
  })
})

const releases = nodeReleases()

it('has every other supported Node release installed (Linux x64)', () => {
  if (process.platform === 'linux' && process.arch === 'x64') expect(releases.missing).toEqual([])
})

describe.each(releases.found)('on Node $major', ({ major, path: node }) => {
  let services: [RunningCommand, RunningCommand] | undefined
  beforeAll(async () => {
    services = await startServices(node)
  })
  afterAll(async () => {
    await Promise.all(services?.map((s) => s.stop()) ?? [])
  })

  it('the services start and the client programs pass, ESM and CommonJS', async () => {
    const [c, w] = services as [RunningCommand, RunningCommand]
    expect((await project.run(node, ['--version'])).trim()).toMatch(new RegExp(`^v${major}\\.`))
    checkControlProgram(await runJson('control.mjs', controlEnv(c), node))
    checkWebDataProgram(await runJson('web-data.mjs', webDataEnv(w), node))
    const out = await project.run(node, ['cjs.cjs'], {
      ...controlEnv(c),
      ...webDataEnv(w),
      FAULT_URL: servers().faults,
    })
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toMatchObject({
      deployment: 'd_seed_v3',
      missing: { instance: true, status: 404 },
      search: true,
    })
  })
})

// Last: it stops the services the other tests use.
it('both commands log one JSON line per request, with its request id, and stop on SIGTERM', async () => {
  const running = [
    [control, '/v2/liveness'],
    [webData, '/openapi.json'],
  ] as const
  const responses = await Promise.all(running.map(([service, path]) => fetch(`${service?.url}${path}`)))
  expect(responses.map((res) => res.status)).toEqual([200, 200])
  expect(await Promise.all(running.map(([service]) => service?.stop()))).toEqual([0, 0])
  running.forEach(([service, path], i) => {
    const lines = (service?.output() ?? '')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { path?: string; status?: number; reqId?: string })
    const reqId = responses[i]?.headers.get('x-request-id')
    expect(reqId).toMatch(/^req_/)
    expect(lines.filter((line) => line.reqId === reqId && line.path)).toEqual([
      expect.objectContaining({ path, status: 200, reqId }),
    ])
  })
})
