// `pnpm start` as a user meets it: every way it can end leaves no process and no open port behind,
// and it never prints the banner unless every service answers.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { alive, bannerUrls, descendants, freePort, listening, type Run, runStart } from './testing.js'

const temp = mkdtempSync(join(tmpdir(), 'pnpm-start-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))
let n = 0
const dataDir = () => join(temp, `data-${++n}`)
const anyPorts = { CONTROL_PORT: '0', WEB_DATA_PORT: '0', DOCS_PORT: '0' }

/** Everything the run started is gone, and nothing listens where the banner said. */
async function expectNothingLeft(run: Run, tree: number[], urls: string[]) {
  // (tsx's esbuild helper ends on its own once the supervisor is gone: give it a moment)
  const deadline = Date.now() + 5000
  while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  const left = tree.filter(alive)
  const ps = left.length
    ? execFileSync('ps', ['-o', 'pid,ppid,stat,args', '-p', left.join(',')], { encoding: 'utf8' })
    : ''
  expect(left, `still running:\n${ps}`).toEqual([])
  for (const url of urls) expect(await listening(url), `${url} still listens`).toBe(false)
  expect(descendants(run.child.pid as number)).toEqual([])
}

async function started(env: NodeJS.ProcessEnv, via: 'pnpm' | 'node' = 'node') {
  const run = runStart({ ...anyPorts, DATA_DIR: dataDir(), ...env }, via)
  await run.waitFor('Ctrl-C stops everything')
  const urls = bannerUrls(run.output())
  return { run, urls, tree: descendants(run.child.pid as number) }
}

it('prints the banner once every service answers; SIGTERM stops everything', async () => {
  // (the services' start-up lines are printed whatever the level)
  const { run, urls, tree } = await started({ LOG_LEVEL: 'warn' })
  for (const url of [`${urls.control}/openapi.json`, `${urls.webData}/openapi.json`, urls.docs])
    expect((await fetch(url)).status, url).toBe(200)
  expect(tree.length).toBeGreaterThanOrEqual(2)
  process.kill(run.child.pid as number, 'SIGTERM')
  expect(await run.exit).toEqual({ code: 0, signal: null })
  await expectNothingLeft(run, tree, Object.values(urls))
})

it('Ctrl-C on `pnpm start` stops everything and exits cleanly, without ELIFECYCLE', async () => {
  const { run, urls, tree } = await started({}, 'pnpm')
  process.kill(-(run.child.pid as number), 'SIGINT')
  expect(await run.exit).toEqual({ code: 0, signal: null })
  expect(run.output()).not.toContain('ELIFECYCLE')
  await expectNothingLeft(run, tree, Object.values(urls))
})

it('SIGTERM to `pnpm` alone (as an IDE or a process manager sends it) stops everything', async () => {
  const { run, urls, tree } = await started({}, 'pnpm')
  process.kill(run.child.pid as number, 'SIGTERM')
  await run.exit
  const deadline = Date.now() + 30_000
  while (tree.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200))
  await expectNothingLeft(run, tree, Object.values(urls))
})

it('a taken port fails at once, naming the variable to change, and starts nothing', async () => {
  const blocker = net.createServer()
  const port = await freePort()
  await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r))
  try {
    const run = runStart({ ...anyPorts, WEB_DATA_PORT: String(port), DATA_DIR: dataDir() })
    expect((await run.exit).code).toBe(1)
    expect(run.output()).toContain(
      `port ${port} (the web-data service) is already in use; set WEB_DATA_PORT to a free port (0 picks one)`,
    )
    expect(run.output()).not.toContain('Ctrl-C stops everything')
    expect(run.output()).not.toContain('[control]')
  } finally {
    blocker.close()
  }
})

it('an unreachable database: one line with the cause, no banner, nothing left running', async () => {
  const run = runStart({
    ...anyPorts,
    DATA_DIR: dataDir(),
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test',
  })
  expect((await run.exit).code).toBe(1)
  const output = run.output()
  expect(output).toMatch(
    /did not start: control-service: cannot reach PostgreSQL at 127\.0\.0\.1:1 \(DATABASE_URL\): connection refused; stopped everything|did not start: web-data-service: cannot reach PostgreSQL at 127\.0\.0\.1:1 \(DATABASE_URL\): connection refused; stopped everything/,
  )
  expect(output).not.toContain('Ctrl-C stops everything')
  expect(output).not.toMatch(/^\s+at /m)
  expect(descendants(run.child.pid as number)).toEqual([])
})

it.skipIf(!process.env.TEST_DATABASE_URL)('a database that does not exist: one line naming it', async () => {
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = '/no_such_database_for_pnpm_start'
  const run = runStart({ ...anyPorts, DATA_DIR: dataDir(), DATABASE_URL: url.href })
  expect((await run.exit).code).toBe(1)
  expect(run.output()).toContain('database "no_such_database_for_pnpm_start" does not exist')
  expect(run.output()).not.toContain('Ctrl-C stops everything')
  expect(run.output()).not.toMatch(/^\s+at /m)
})

it('a DATA_DIR that cannot be used: one line, no hang', async () => {
  const file = join(temp, 'a-file')
  writeFileSync(file, '')
  for (const [dir, message] of [
    ['/proc/pnpm-start', 'DATA_DIR /proc/pnpm-start cannot be created: /proc does not accept new folders'],
    [join(file, 'data'), `DATA_DIR ${join(file, 'data')} cannot be created: ${file} is a file`],
  ] as const) {
    const run = runStart({ ...anyPorts, DATA_DIR: dir })
    expect((await run.exit).code).toBe(1)
    expect(run.output().trim()).toBe(`pnpm start: ${message}`)
  }
})

it('honours DATA_DIR and keeps recoverable keys readable across restarts', async () => {
  const dir = dataDir()
  const call = async (base: string, rootKey: string, op: string, body: unknown) => {
    const res = await fetch(`${base}/v2/${op}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(res.status, `${op}: ${await res.clone().text()}`).toBe(200)
    return ((await res.json()) as { data: Record<string, string> }).data
  }
  const rootKeyOf = (output: string) => /root key\s+(\S+)/.exec(output)?.[1] ?? ''

  const first = await started({ DATA_DIR: dir })
  const rootKey = rootKeyOf(first.run.output())
  const { apiId } = await call(first.urls.control, rootKey, 'apis.createApi', { name: 'restart-test' })
  const created = await call(first.urls.control, rootKey, 'keys.createKey', { apiId, recoverable: true })
  process.kill(first.run.child.pid as number, 'SIGTERM')
  await first.run.exit
  expect(first.run.output()).toContain(`Keys are kept in ${join(dir, 'credentials.json')}`)

  const second = await started({ DATA_DIR: dir })
  expect(rootKeyOf(second.run.output())).toBe(rootKey)
  const key = await call(second.urls.control, rootKey, 'keys.getKey', { keyId: created.keyId, decrypt: true })
  expect(key.plaintext).toBe(created.key)
  process.kill(second.run.child.pid as number, 'SIGTERM')
  expect((await second.run.exit).code).toBe(0)
})

it('a service that stops later stops everything, with a reason', async () => {
  const { run, urls, tree } = await started({})
  const webData = tree.find((pid) =>
    execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).includes(
      'web-data/dist/main.js',
    ),
  )
  expect(webData).toBeDefined()
  process.kill(webData as number, 'SIGKILL')
  expect((await run.exit).code).toBe(1)
  expect(run.output()).toContain('web-data stopped (SIGKILL); stopped everything')
  await expectNothingLeft(run, tree, Object.values(urls))
})
