/**
 * The service's prepared template (server-kit's `PreparedTemplate`): an in-memory database that
 * already holds the job queue's table, the migrations and the demo data, made when the service is
 * built (`dist/make-template.js` writes `dist/pglite-template.bin`). A new in-memory start copies
 * it instead of applying the migrations and seeding, then writes what differs per start: the root
 * key, the key of environment variable values (random per instance, in `control_secrets`) and the
 * variables encrypted with it (see `seedInstance`). The template holds no secret.
 *
 * It is used only when it was made for this code and these migrations with this PGlite (its
 * identity); otherwise, and on `DATA_DIR` or PostgreSQL, the start migrates and seeds as always.
 */
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Database,
  JobQueue,
  prepareServiceDatabase,
  servicePreparedTemplate,
} from '@apiplatform/server-kit'
import { seedDemoData } from './seed.js'

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

/** What the template holds, built on an empty database: the job queue's table, the migrations, the demo data. */
export async function prepareTemplateDatabase(db: Database): Promise<void> {
  await prepareServiceDatabase(db, new JobQueue(db), MIGRATIONS_DIR)
  await seedDemoData(db)
}
