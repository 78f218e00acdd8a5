import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from './database.js'
import { createPglite } from './pglite-create.js'
import { readTemplate, templateFile } from './pglite-template.js'
import { openPgliteWorker } from './pglite-worker.js'

const tables = async (db: Database) =>
  (
    await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")
  ).map((row) => row.name)

/** A template in the cache's format whose databases hold a table `marker`: it shows where a database came from. */
async function markedTemplate(): Promise<Buffer> {
  const pg = await createPglite(PGlite, undefined, {})
  try {
    await pg.exec('CREATE TABLE marker (id int); CHECKPOINT')
    const tar = Buffer.from(await (await pg.dumpDataDir('none')).arrayBuffer())
    return Buffer.concat([tar, createHash('sha256').update(tar).digest()])
  } finally {
    await pg.close()
  }
}

describe('new PGlite databases start from the cached template', () => {
  let marked: Buffer
  let cache: string
  let file: string
  const configured = process.env.PGLITE_TEMPLATE_DIR
  // Made with the machine's own cache (warm after the first run), before the tests point it elsewhere.
  beforeAll(async () => {
    marked = await markedTemplate()
  })
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'pglite-template-test-'))
    process.env.PGLITE_TEMPLATE_DIR = cache
    file = templateFile({}) ?? ''
    expect(file.startsWith(cache)).toBe(true)
  })
  afterEach(() => {
    if (configured === undefined) delete process.env.PGLITE_TEMPLATE_DIR
    else process.env.PGLITE_TEMPLATE_DIR = configured
    rmSync(cache, { recursive: true, force: true })
  })

  it('copies the cached template into memory and into a new data folder, and leaves existing data alone', async () => {
    writeFileSync(file, marked)
    const inMemory = await openPgliteWorker(undefined)
    expect(await tables(inMemory)).toEqual(['marker'])
    await inMemory.close()

    const dataDir = join(cache, 'data')
    const onDisk = await openPgliteWorker(dataDir)
    await onDisk.exec('DROP TABLE marker; CREATE TABLE mine (id int)')
    await onDisk.close()
    const reopened = await openPgliteWorker(dataDir)
    expect(await tables(reopened)).toEqual(['mine'])
    await reopened.close()
  })

  // Two processes that find the template damaged each run initdb and write a new one: what they
  // open is a new database, and no process ever sees a half-written file.
  it('runs initdb instead of using a damaged template and replaces it, never seen half-written while processes make it at once', async () => {
    writeFileSync(file, marked.subarray(0, marked.length - 1000))
    expect(readTemplate(file)).toBeUndefined()
    const script = `
      import { openPgliteWorker } from ${JSON.stringify(fileURLToPath(new URL('./pglite-worker.ts', import.meta.url)))}
      const db = await openPgliteWorker(undefined)
      const [settings] = await db.query(
        "SELECT pg_encoding_to_char(encoding) AS encoding, datcollate AS collate, datctype AS ctype FROM pg_database WHERE datname = current_database()")
      const tables = await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
      console.log(JSON.stringify({ settings, tables }))
      await db.close()`
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script])
    // Every version of the file that appears is read whole once: reading and hashing its 40 MB again
    // while it has not changed (same inode, size and time) would only spend CPU. The damaged one
    // written above is not a version the makers wrote.
    const versionOf = () => {
      const stats = statSync(file, { throwIfNoEntry: false })
      return stats ? `${stats.ino}:${stats.size}:${stats.mtimeMs}` : ''
    }
    let seen = versionOf()
    const makers = Promise.all([run(), run()])
    let settled = false
    const settle = () => {
      settled = true
    }
    makers.then(settle, settle)
    while (!settled) {
      const version = versionOf()
      if (version && version !== seen) {
        expect(readTemplate(file)).toBeInstanceOf(Blob)
        seen = version
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    for (const { stdout } of await makers)
      expect(JSON.parse(stdout)).toEqual({
        settings: { encoding: 'UTF8', collate: 'C', ctype: 'C.UTF-8' },
        tables: [],
      })
    expect(readTemplate(file)).toBeInstanceOf(Blob)
    // Only the template is left: no temporary file, no folder initdb ran in.
    expect(readdirSync(cache)).toEqual([file.slice(cache.length + 1)])
  })
})
