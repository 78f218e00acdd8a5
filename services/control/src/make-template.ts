/**
 * Build step: server-kit's `tsup.service.ts` runs the built `dist/make-template.js`, which writes
 * the service's prepared template (`dist/pglite-template.bin`, see database-template.ts) for the
 * built code and, in the repository, for `src/` (what the tests run).
 */
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { makePreparedTemplate } from '@apiplatform/server-kit'
import { CODE_DIR, MIGRATIONS_DIR, prepareTemplateDatabase, TEMPLATE_FILE } from './database-template.js'

const source = fileURLToPath(new URL('../src', import.meta.url))
await makePreparedTemplate({
  file: TEMPLATE_FILE,
  migrationsDir: MIGRATIONS_DIR,
  code: [CODE_DIR, ...(CODE_DIR !== source && existsSync(source) ? [source] : [])],
  prepare: prepareTemplateDatabase,
})
