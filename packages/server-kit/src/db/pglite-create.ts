import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'
import { makeTemplate, readTemplate, templateFile } from './pglite-template.js'
import { loadPreparedTemplate, type PreparedTemplate } from './prepared-template.js'

/**
 * Marks a data folder whose new database is still being written: PGlite writes a new database file
 * by file (`PG_VERSION` first), so a process killed meanwhile leaves a folder that looks like a
 * database and is not one. The marker lists what the folder held before, which is kept.
 */
const CREATING = '.pglite-creating.json'

/**
 * `PGlite.create` on `dataDir` (memory when undefined), except that a new database is a copy of
 * the cached template (see pglite-template.ts) rather than a run of initdb. Existing data is
 * opened as it is; a new database whose making was interrupted is made again.
 */
export async function createPglite(
  Engine: typeof PGlite,
  dataDir: string | undefined,
  options: PGliteOptions,
): Promise<PGlite> {
  if (dataDir) {
    if (holdsDatabase(dataDir)) return Engine.create(dataDir, options)
    startNewDatabase(dataDir)
  }
  const template = await newDatabaseTemplate(Engine, options)
  const pg = await Engine.create(
    dataDir ?? 'memory://',
    template ? { ...options, loadDataDir: template } : options,
  )
  if (dataDir) rmSync(join(dataDir, CREATING))
  return pg
}

/**
 * A new database in `dataDir` as a copy of `template`'s data folder: what the service's start would
 * build on an empty one, without the migrations and the seeding. False, and the folder left as it
 * was, when it holds a database already or the template's file is missing, not made for it or
 * damaged: the database is then opened or made as `createPglite` does.
 */
export function copyPreparedTemplate(dataDir: string, template: PreparedTemplate): boolean {
  mkdirSync(dataDir, { recursive: true })
  if (holdsDatabase(dataDir)) return false
  const files = loadPreparedTemplate(template)
  if (!files) return false
  const marker = startNewDatabase(dataDir)
  for (const directory of files.directories) mkdirSync(join(dataDir, directory), { recursive: true })
  for (const file of files.files) writeFileSync(join(dataDir, file.path), file.contents)
  rmSync(marker)
  return true
}

/** Whether `dataDir` holds a database whose making was not interrupted. */
function holdsDatabase(dataDir: string): boolean {
  return !existsSync(join(dataDir, CREATING)) && existsSync(join(dataDir, 'PG_VERSION'))
}

/**
 * Marks `dataDir` as holding a database being made, first removing what an interrupted making
 * left there (the marker then stays, with the list of what the folder held before it).
 */
function startNewDatabase(dataDir: string): string {
  const marker = join(dataDir, CREATING)
  if (existsSync(marker)) removeUnfinishedDatabase(dataDir, marker)
  else writeFileSync(marker, JSON.stringify(readdirSync(dataDir)))
  return marker
}

/** Everything the interrupted making of a database wrote into `dataDir`; what was there before stays. */
function removeUnfinishedDatabase(dataDir: string, marker: string): void {
  const before = new Set<string>(JSON.parse(readFileSync(marker, 'utf8')) as string[])
  for (const entry of readdirSync(dataDir)) {
    if (entry !== CREATING && !before.has(entry))
      rmSync(join(dataDir, entry), { recursive: true, force: true })
  }
}

/**
 * The template a new database starts from: the cached one, else one made now and cached. Undefined
 * when templates are off or none could be made; the database then runs initdb as PGlite does.
 */
export async function newDatabaseTemplate(
  Engine: typeof PGlite,
  options: PGliteOptions,
): Promise<Blob | undefined> {
  const file = templateFile(options)
  if (!file) return undefined
  return readTemplate(file) ?? (await makeTemplate(Engine, options, file).catch(() => undefined))
}
