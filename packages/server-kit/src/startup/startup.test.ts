import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openDatabase } from '../db/open.js'
import { serve } from '../http/serve.js'
import { prepareDataDir } from './data-dir.js'
import { describeStartupError } from './describe.js'

const temp = mkdtempSync(join(tmpdir(), 'startup-'))
afterAll(() => rmSync(temp, { recursive: true, force: true }))

const message = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return describeStartupError(error)
  }
  return 'no error'
}

it('creates a missing DATA_DIR, parents included', () => {
  prepareDataDir(join(temp, 'a', 'b', 'c'))
  expect(message(() => prepareDataDir(join(temp, 'a', 'b')))).toBe('no error')
})

it('names a DATA_DIR under /proc instead of hanging', () => {
  // Node's own recursive mkdir never returns here; run it in a child so a regression fails, not hangs.
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `import('${join(import.meta.dirname, 'data-dir.ts')}').then((m) => m.prepareDataDir('/proc/x/y')).catch((e) => { console.log(e.message); process.exit(3) })`,
    ],
    { encoding: 'utf8', timeout: 20_000 },
  )
  expect(child.status).toBe(3)
  expect(child.stdout.trim()).toBe('DATA_DIR /proc/x/y cannot be created: /proc does not accept new folders')
})

it('names a DATA_DIR below a file, and one that is a file', () => {
  const file = join(temp, 'a-file')
  writeFileSync(file, '')
  expect(message(() => prepareDataDir(join(file, 'x')))).toBe(
    `DATA_DIR ${join(file, 'x')} cannot be created: ${file} is a file`,
  )
  expect(message(() => prepareDataDir(file))).toBe(`DATA_DIR ${file} is a file, not a folder`)
})

it.skipIf(process.getuid?.() === 0)('names a DATA_DIR that is not writable', () => {
  const dir = join(temp, 'read-only')
  prepareDataDir(dir)
  chmodSync(dir, 0o500)
  expect(message(() => prepareDataDir(dir))).toBe(`DATA_DIR ${dir} is not writable (permission denied)`)
  expect(message(() => prepareDataDir(join(dir, 'sub')))).toBe(
    `DATA_DIR ${join(dir, 'sub')} cannot be created in ${dir} (permission denied)`,
  )
})

it('refuses a DATA_DIR that holds something else than a database, in one line', async () => {
  const dir = join(temp, 'not-a-database')
  prepareDataDir(dir)
  writeFileSync(join(dir, 'PG_VERSION'), 'garbage')
  const error = await openDatabase({ dataDir: dir }).then(
    (db) => db.close().then(() => undefined),
    (e: unknown) => e,
  )
  expect(describeStartupError(error)).toMatch(/^PGlite could not open DATA_DIR .*not-a-database: /)
})

it('names the variable of a port in use', async () => {
  const blocker = net.createServer()
  await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r))
  const port = (blocker.address() as net.AddressInfo).port
  try {
    const error = await serve({ fetch: () => new Response('') }, { port }).then(
      (s) => s.close(),
      (e: unknown) => e,
    )
    expect(describeStartupError(error, { port, portVariable: 'PORT' })).toBe(
      `port ${port} is already in use; set PORT to a free port (0 picks one)`,
    )
  } finally {
    blocker.close()
  }
})

it('explains an unreachable PostgreSQL in one line', async () => {
  const url = 'postgres://postgres:secret@127.0.0.1:1/test'
  const db = await openDatabase({ databaseUrl: url })
  const error = await db.query('SELECT 1').then(
    () => undefined,
    (e: unknown) => e,
  )
  await db.close()
  expect(describeStartupError(error, { databaseUrl: url })).toBe(
    'cannot reach PostgreSQL at 127.0.0.1:1 (DATABASE_URL): connection refused',
  )
})

it.skipIf(!process.env.TEST_DATABASE_URL)('explains a missing database in one line', async () => {
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = '/no_such_database_here'
  const db = await openDatabase({ databaseUrl: url.href })
  const error = await db.query('SELECT 1').then(
    () => undefined,
    (e: unknown) => e,
  )
  await db.close()
  expect(describeStartupError(error, { databaseUrl: url.href })).toBe(
    `database "no_such_database_here" does not exist on PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL); create it (createdb no_such_database_here) or fix the URL`,
  )
})
