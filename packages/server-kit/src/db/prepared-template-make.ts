/**
 * Making a prepared template (see prepared-template.ts): a service's build runs its preparation on
 * a new PGlite database in a temporary folder, shuts it down cleanly and writes the folder's files.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from './database.js'
import { pgliteDatabase } from './pglite.js'
import { createPglite } from './pglite-create.js'
import { pgliteOptions } from './pglite-options.js'
import { preparedTemplateIdentity, writePreparedTemplate } from './prepared-template.js'

export interface MakePreparedTemplateOptions {
  /** Where to write it (replaced whole). */
  file: string
  /** The service's migrations (which `prepare` applies). */
  migrationsDir: string
  /**
   * The folders of each form of the service's code the template serves (its `dist/`, and in the
   * repository its `src/`, which tests run): the template is made for each (see
   * `preparedTemplateIdentity`). They must be the code `prepare` comes from.
   */
  code: string[]
  /** Builds on the new, empty database what a start would (the job queue's table, migrations, demo data). */
  prepare(db: Database): Promise<void>
}

/** Makes the prepared template of a service (its build runs this) and returns its identities. */
export async function makePreparedTemplate(options: MakePreparedTemplateOptions): Promise<string[]> {
  const identities = options.code.map((code) => {
    const identity = preparedTemplateIdentity({ migrationsDir: options.migrationsDir, code })
    if (!identity) throw new Error('the version of @electric-sql/pglite could not be read')
    return identity
  })
  const { PGlite } = await import('@electric-sql/pglite')
  const work = mkdtempSync(join(tmpdir(), 'pglite-prepared-'))
  try {
    // wal_recycle=off: the WAL segments the checkpoint below leaves behind are removed, not kept
    // under new names (a setting of this run only, not written to the data folder).
    const engine = pgliteOptions(PGlite.defaultStartParams)
    const pg = await createPglite(PGlite, work, {
      ...engine,
      startParams: [...(engine.startParams ?? []), '-c', 'wal_recycle=off'],
    })
    try {
      await options.prepare(pgliteDatabase(pg))
      // Everything is in the data files; the WAL that wrote it is not needed by any copy: a new
      // segment, a checkpoint in it, and the old segment is removed.
      await pg.query('SELECT pg_switch_wal()')
      await pg.exec('CHECKPOINT')
    } finally {
      // A clean shutdown: the files hold everything, and nothing needs recovery on the next start.
      await pg.close()
    }
    writePreparedTemplate(options.file, work, identities)
    return identities
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
