/**
 * The service's prepared template (server-kit's `PreparedTemplate`): an in-memory database that
 * already holds the job queue's table and the migrations, made when the service is built
 * (`dist/make-template.js` writes `dist/pglite-template.bin`). A new in-memory start copies it
 * instead of applying the migrations; what differs per start (the bootstrap key and its team) is
 * written by the start as before. The template holds no key.
 *
 * It is used only when it was made for this code and these migrations with this PGlite (its
 * identity); otherwise, and on `DATA_DIR` or PostgreSQL, the start migrates as always.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Database,
  JobQueue,
  prepareServiceDatabase,
  servicePreparedTemplate,
} from '@apiplatform/server-kit'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url))
/** Beside the built code, from `dist/` and from `src/` alike. */
export const TEMPLATE_FILE = fileURLToPath(new URL('../dist/pglite-template.bin', import.meta.url))
/** The folder of the running code (`dist/` built, `src/` in tests): part of the template's identity. */
export const CODE_DIR = dirname(fileURLToPath(import.meta.url))

/** The prepared template of this code (its file may be missing or made for other code: see `preparedTemplateMatches`). */
export const databaseTemplate = servicePreparedTemplate({
  migrationsDir: MIGRATIONS_DIR,
  code: CODE_DIR,
  file: TEMPLATE_FILE,
})

/** The service's schema on `db`: the job queue's table, then the migrations (both idempotent). */
export function prepareDatabase(db: Database, queue: JobQueue = new JobQueue(db)): Promise<void> {
  return prepareServiceDatabase(db, queue, MIGRATIONS_DIR)
}

/** Whether `db` is a copy of this code's prepared template (it holds the schema already). */
export function isTemplateCopy(db: Database): boolean {
  return db.template !== undefined && db.template === databaseTemplate()?.identity
}
