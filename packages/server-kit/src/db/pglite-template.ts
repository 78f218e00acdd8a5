/**
 * The cache of PGlite templates. A new database starts with PostgreSQL's initdb, which costs 2-3
 * CPU-seconds in PGlite; the result depends only on the PGlite build and initdb's arguments. So
 * the first new database of a machine makes a template (a data directory just created by initdb
 * and shut down cleanly, as a tarball) and later ones start from a copy of it.
 *
 * Templates live in `PGLITE_TEMPLATE_DIR` (default `<os tmpdir>/pglite-templates-<uid>`; `off`
 * turns them off), one file per PGlite version and initdb arguments. A file is written whole under
 * a temporary name and renamed into place, so a reader sees a complete template or none, whatever
 * other processes do; each ends with the SHA-256 of its tarball, and one that does not match
 * (truncated, damaged) is ignored, and replaced by the next template made.
 *
 * Only types come from PGlite here: the service's thread reads the cache's path without loading it.
 */
import { createHash, randomBytes } from 'node:crypto'
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'

const DIGEST_BYTES = 32

/**
 * The file that holds (or will hold) the template for these options, or undefined when templates
 * are off or the cache folder cannot be trusted.
 */
export function templateFile(options: PGliteOptions): string | undefined {
  const dir = cacheDir()
  const version = pgliteVersion()
  if (!dir || !version) return undefined
  return join(dir, `pglite-${version}-${initdbKey(options)}.tar`)
}

/**
 * What initdb's result depends on besides the build: its arguments. The start parameters
 * (shared_buffers…) apply to every start and are not part of the data directory.
 */
export function initdbKey(options: PGliteOptions): string {
  return createHash('sha256')
    .update(JSON.stringify({ initDbStartParams: options.initDbStartParams ?? [] }))
    .digest('hex')
    .slice(0, 16)
}

/** Whether templates are turned off (`PGLITE_TEMPLATE_DIR=off`): every new database runs initdb. */
export function templatesOff(): boolean {
  return process.env.PGLITE_TEMPLATE_DIR === 'off'
}

/** The template's tarball, or undefined when there is none or it is not whole. */
export function readTemplate(file: string): Blob | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  if (bytes.length <= DIGEST_BYTES) return undefined
  const tar = bytes.subarray(0, bytes.length - DIGEST_BYTES)
  const digest = createHash('sha256').update(tar).digest()
  if (!digest.equals(bytes.subarray(bytes.length - DIGEST_BYTES))) return undefined
  return new Blob([tar as Uint8Array<ArrayBuffer>])
}

/**
 * Makes the template: initdb in a folder of the cache, a clean shutdown, and the folder's files
 * read back without starting PostgreSQL again. Returns the tarball; writing it to the cache is
 * best effort (a full disk costs the next database an initdb, not this one its start).
 */
export async function makeTemplate(
  Engine: typeof PGlite,
  options: PGliteOptions,
  file: string,
): Promise<Blob> {
  const work = mkdtempSync(`${file}.making-`)
  try {
    const created = await Engine.create(work, { initDbStartParams: options.initDbStartParams })
    await created.close()
    const files = await Engine.create(work, { noInitDb: true })
    let tar: Uint8Array<ArrayBuffer>
    try {
      tar = new Uint8Array(await (await files.dumpDataDir('none')).arrayBuffer())
    } finally {
      await files.close()
    }
    writeAtomically(file, [tar, createHash('sha256').update(tar).digest()])
    return new Blob([tar])
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function writeAtomically(file: string, parts: Uint8Array[]) {
  const temporary = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`
  try {
    writeFileSync(temporary, Buffer.concat(parts), { mode: 0o600 })
    renameSync(temporary, file)
  } catch {
    rmSync(temporary, { force: true })
  }
}

/**
 * The cache folder, created if needed. Under a shared temporary folder another user could have
 * created it first and planted a template: it is used only if it belongs to this user and no one
 * else may write to it.
 */
function cacheDir(): string | undefined {
  if (templatesOff()) return undefined
  const configured = process.env.PGLITE_TEMPLATE_DIR
  const uid = process.getuid?.()
  const dir = configured || join(tmpdir(), `pglite-templates-${uid ?? 'user'}`)
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const stats = lstatSync(dir)
    if (!stats.isDirectory()) return undefined
    if (uid !== undefined && (stats.uid !== uid || (stats.mode & 0o022) !== 0)) return undefined
    return dir
  } catch {
    return undefined
  }
}

let version: { value: string | undefined } | undefined

/** The installed PGlite's version, read from its package.json (its exports do not include it). */
export function pgliteVersion(): string | undefined {
  version ??= { value: readPgliteVersion() }
  return version.value
}

function readPgliteVersion(): string | undefined {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
    const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'))
    const ours = manifest.name === '@electric-sql/pglite' && typeof manifest.version === 'string'
    return ours ? manifest.version : undefined
  } catch {
    return undefined
  }
}
