import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite, PGliteOptions } from '@electric-sql/pglite'
import { makeTemplate, readTemplate, templateFile } from './pglite-template.js'

/**
 * `PGlite.create` on `dataDir` (memory when undefined), except that a new database is a copy of
 * the cached template (see pglite-template.ts) rather than a run of initdb. Existing data is
 * opened as it is.
 */
export async function createPglite(
  Engine: typeof PGlite,
  dataDir: string | undefined,
  options: PGliteOptions,
): Promise<PGlite> {
  if (dataDir && existsSync(join(dataDir, 'PG_VERSION'))) return Engine.create(dataDir, options)
  const template = await newDatabaseTemplate(Engine, options)
  return Engine.create(dataDir ?? 'memory://', template ? { ...options, loadDataDir: template } : options)
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
