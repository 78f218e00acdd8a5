import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from './open.js'

// The built package, as a service process runs it (the suite runs after the build).
const BUILT = fileURLToPath(new URL('../../dist/db/open.js', import.meta.url))

let temp: string
beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'pglite-create-test-'))
})
afterEach(() => rmSync(temp, { recursive: true, force: true }))

it('makes a new data folder again when the process making it was killed half-way, and keeps what else was there', async () => {
  const dataDir = join(temp, 'data')
  mkdirSync(dataDir)
  writeFileSync(join(dataDir, 'notes.txt'), 'kept')
  const script = `import { openDatabase } from ${JSON.stringify(BUILT)}
await openDatabase({ dataDir: ${JSON.stringify(dataDir)} })
await new Promise(() => {})`
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'ignore' })
  // Killed as soon as the first file of the new database is there, long before the last one.
  // Looked for every 2 ms with a bare existsSync: a failed expect per look (an error, its stack and
  // its message, hundreds of times a second while the child starts) spent a good part of a CPU-second.
  const deadline = Date.now() + 120_000
  while (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (Date.now() > deadline) throw new Error('the child made no database in time')
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  child.kill('SIGKILL')
  await once(child, 'exit')

  const db = await openDatabase({ dataDir })
  try {
    await db.exec('CREATE TABLE after_restart (id int)')
    expect(await db.query('SELECT count(*)::int AS n FROM after_restart')).toEqual([{ n: 0 }])
  } finally {
    await db.close()
  }
  expect(readFileSync(join(dataDir, 'notes.txt'), 'utf8')).toBe('kept')
}, 300_000)
