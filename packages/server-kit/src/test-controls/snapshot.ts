/**
 * The rows of every table of the service's schema, taken once when the service has started (its
 * seeded state) and written back by `restore`: a reset to the seeded data that works the same on
 * an in-memory PGlite, a data folder and a PostgreSQL schema, without knowing the service's tables.
 *
 * Rows travel as one jsonb document per table (`to_jsonb` out, `jsonb_populate_recordset` in), so
 * every type comes back through its own input function; sequences are set back to where they were,
 * so ids handed out after a reset are the ones handed out after the start.
 */
import type { Database, Sql } from '../db/database.js'

interface TableSnapshot {
  /** Quoted, schema-qualified name. */
  name: string
  /** Quoted names of the columns written back (generated columns are computed again). */
  columns: string[]
  /** The rows as a jsonb array, kept as text. */
  rows: string
}

interface SequenceSnapshot {
  name: string
  value: string
  called: boolean
}

export interface DatabaseSnapshot {
  /** Empties every table and writes the snapshot's rows and sequence values back, in one transaction. */
  restore(): Promise<void>
  /** The tables the snapshot holds, in the order they are written back. */
  readonly tables: readonly string[]
}

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`

/** Takes a snapshot of every table and sequence of the current schema. */
export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  return db.transaction(async (tx) => {
    const names = await tableOrder(tx)
    const tables: TableSnapshot[] = []
    for (const { schema, table } of names) {
      const name = `${quote(schema)}.${quote(table)}`
      const columns = await tx.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
          ORDER BY a.attnum`,
        [name],
      )
      const [dump] = await tx.query<{ rows: string }>(
        `SELECT coalesce(jsonb_agg(to_jsonb(t)), '[]'::jsonb)::text AS rows FROM ${name} t`,
      )
      tables.push({ name, columns: columns.map((c) => quote(c.name)), rows: dump?.rows ?? '[]' })
    }
    const sequences = await tx.query<{ name: string; value: string | null; called: boolean }>(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name,
              coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
         FROM pg_sequences WHERE schemaname = current_schema()`,
    )
    const kept: SequenceSnapshot[] = sequences.map((s) => ({
      name: s.name,
      value: s.value ?? '1',
      called: s.called,
    }))
    return {
      tables: tables.map((t) => t.name),
      restore: () => restore(db, tables, kept),
    }
  })
}

async function restore(db: Database, tables: TableSnapshot[], sequences: SequenceSnapshot[]): Promise<void> {
  if (tables.length === 0) return
  await db.transaction(async (tx) => {
    // One TRUNCATE for every table: foreign keys between them are no obstacle.
    await tx.query(`TRUNCATE ${tables.map((t) => t.name).join(', ')}`)
    for (const t of tables) {
      if (t.rows === '[]') continue
      const columns = t.columns.join(', ')
      await tx.query(
        `INSERT INTO ${t.name} (${columns}) OVERRIDING SYSTEM VALUE
         SELECT ${columns} FROM jsonb_populate_recordset(NULL::${t.name}, $1::jsonb)`,
        [t.rows],
      )
    }
    for (const s of sequences)
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [s.name, s.value, s.called])
  })
}

/**
 * The tables of the current schema, each after the tables it references: rows are written back
 * in that order, so every foreign key finds its row (a table referencing itself is one INSERT,
 * checked at its end).
 */
async function tableOrder(sql: Sql): Promise<{ schema: string; table: string }[]> {
  const tables = await sql.query<{ schema: string; table: string }>(
    `SELECT schemaname AS schema, tablename AS table FROM pg_tables
      WHERE schemaname = current_schema() ORDER BY tablename`,
  )
  const references = await sql.query<{ from: string; to: string }>(
    `SELECT c.conrelid::regclass::text AS from, c.confrelid::regclass::text AS to
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema() AND c.conrelid <> c.confrelid`,
  )
  // regclass prints a name as the search path needs it: unqualified (and quoted when it must be).
  const key = (table: string) => table.replace(/^"(.*)"$/, '$1').replaceAll('""', '"')
  const needs = new Map<string, Set<string>>(tables.map((t) => [t.table, new Set()]))
  for (const r of references) needs.get(key(r.from))?.add(key(r.to))
  const ordered: { schema: string; table: string }[] = []
  const placed = new Set<string>()
  const visiting = new Set<string>()
  const byName = new Map(tables.map((t) => [t.table, t]))
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return
    visiting.add(name)
    for (const dependency of needs.get(name) ?? []) place(dependency)
    visiting.delete(name)
    placed.add(name)
    const table = byName.get(name)
    if (table) ordered.push(table)
  }
  for (const t of tables) place(t.table)
  return ordered
}
