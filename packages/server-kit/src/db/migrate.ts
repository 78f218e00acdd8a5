import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './database.js'

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK = 7_100_7200

/** The table that records applied migrations (part of what a prepared template holds). */
export const MIGRATIONS_TABLE =
  'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())'

/** The migration files of `dir` (`NNN_name.sql`), in the order they are applied. */
export function migrationFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort()
}

/**
 * Applies the versioned SQL files of `dir` (`001_name.sql`, `002_name.sql`, …) that this database
 * has not seen yet, in order, each in its own transaction. Several processes starting at once on
 * one PostgreSQL serialise on an advisory lock, so each file runs once.
 */
export async function migrate(db: Database, dir: string): Promise<string[]> {
  const files = migrationFiles(dir)
  const applied: string[] = []
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.query(MIGRATIONS_TABLE)
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    )
    for (const file of files) {
      if (done.has(file)) continue
      // Statements run one by one: the extended protocol takes one statement at a time.
      for (const statement of splitStatements(readFileSync(join(dir, file), 'utf8'))) {
        await tx.query(statement)
      }
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
  })
  return applied
}

/**
 * Splits a migration into statements on semicolons, ignoring `--` comments and keeping
 * dollar-quoted bodies (`$$ … $$`) whole.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let current = ''
  let inDollar = false
  for (const rawLine of sql.split('\n')) {
    const line = inDollar ? rawLine : rawLine.replace(/--.*$/, '')
    for (let i = 0; i < line.length; i++) {
      if (line.startsWith('$$', i)) {
        inDollar = !inDollar
        current += '$$'
        i++
        continue
      }
      const ch = line[i]
      if (ch === ';' && !inDollar) {
        if (current.trim()) statements.push(current.trim())
        current = ''
      } else {
        current += ch
      }
    }
    current += '\n'
  }
  if (current.trim()) statements.push(current.trim())
  return statements
}
