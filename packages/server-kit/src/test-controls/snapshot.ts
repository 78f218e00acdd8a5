/**
 * The rows of every table of the service's schema, taken once when the service has started (its
 * seeded state) and written back by `restore`: a reset to the seeded data that works the same on
 * an in-memory PGlite, a data folder and a PostgreSQL schema, without knowing the service's tables.
 *
 * Rows travel as one jsonb document per table (`to_jsonb` out, `jsonb_populate_recordset` in), so
 * every type comes back through its own input function; sequences are set back to where they were,
 * so ids handed out after a reset are the ones handed out after the start.
 *
 * A restore writes back only the tables written since the last one (and the tables whose foreign
 * keys point at those): a statement trigger on each table notes its name in a change log. A test
 * suite resets before every test, and most tests write to a few tables or none, so a reset costs
 * milliseconds instead of rewriting every table.
 */
import type { Database, Sql } from '../db/database.js'

interface TableSnapshot {
  /** Quoted, schema-qualified name. */
  name: string
  /** The bare table name, as the change log records it. */
  table: string
  /** Bare names of the tables whose foreign keys reference this one. */
  referencedBy: string[]
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

/** The change log and the trigger function that fills it, in the service's schema. */
const CHANGE_LOG = '_test_controls_changes'
const MARK_CHANGED = '_test_controls_mark_changed'
const CHANGE_TRIGGER = '_test_controls_changed'

/**
 * The change log, filled by a statement trigger on every table. Rows are plain inserts (no key to
 * wait on: concurrent writers never block each other) made once per table until the next restore.
 */
async function installChangeLog(tx: Sql, tables: { schema: string; table: string }[]): Promise<void> {
  // Two instances on one PostgreSQL schema starting together would race on the same DDL.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.${CHANGE_LOG}'))`)
  await tx.query(`CREATE UNLOGGED TABLE IF NOT EXISTS ${CHANGE_LOG} (name text NOT NULL)`)
  const [schema] = await tx.query<{ name: string }>('SELECT current_schema() AS name')
  const log = `${quote(schema?.name ?? 'public')}.${CHANGE_LOG}`
  await tx.query(
    `CREATE OR REPLACE FUNCTION ${MARK_CHANGED}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF NOT EXISTS (SELECT 1 FROM ${log} WHERE name = TG_TABLE_NAME) THEN
         INSERT INTO ${log} (name) VALUES (TG_TABLE_NAME);
       END IF;
       RETURN NULL;
     END $$`,
  )
  for (const { schema: s, table } of tables)
    await tx.query(
      `CREATE OR REPLACE TRIGGER ${CHANGE_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
         ON ${quote(s)}.${quote(table)} FOR EACH STATEMENT EXECUTE FUNCTION ${MARK_CHANGED}()`,
    )
  await tx.query(`TRUNCATE ${CHANGE_LOG}`)
}

/** Takes a snapshot of every table and sequence of the current schema. */
export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  return db.transaction(async (tx) => {
    const names = await tableOrder(tx)
    await installChangeLog(tx, names)
    const tables: TableSnapshot[] = []
    for (const { schema, table, referencedBy } of names) {
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
      tables.push({
        name,
        table,
        referencedBy,
        columns: columns.map((c) => quote(c.name)),
        rows: dump?.rows ?? '[]',
      })
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
    const changed = await tx.query<{ name: string }>(`SELECT DISTINCT name FROM ${CHANGE_LOG}`)
    const written = withReferencing(
      tables,
      changed.map((c) => c.name),
    )
    if (written.length > 0) {
      // One TRUNCATE for every table written back: foreign keys between them are no obstacle.
      await tx.query(`TRUNCATE ${written.map((t) => t.name).join(', ')}`)
      for (const t of written) {
        if (t.rows === '[]') continue
        const columns = t.columns.join(', ')
        await tx.query(
          `INSERT INTO ${t.name} (${columns}) OVERRIDING SYSTEM VALUE
           SELECT ${columns} FROM jsonb_populate_recordset(NULL::${t.name}, $1::jsonb)`,
          [t.rows],
        )
      }
    }
    // A sequence moves without a row written (a rolled-back insert): every one is set back.
    for (const s of sequences)
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [s.name, s.value, s.called])
    await tx.query(`TRUNCATE ${CHANGE_LOG}`)
  })
}

/**
 * The changed tables and every table referencing one of them, in restore order: a referenced table
 * cannot be emptied while another table's rows point at it.
 */
function withReferencing(tables: TableSnapshot[], changed: string[]): TableSnapshot[] {
  const byName = new Map(tables.map((t) => [t.table, t]))
  const chosen = new Set<string>()
  const visit = (name: string) => {
    if (chosen.has(name) || !byName.has(name)) return
    chosen.add(name)
    for (const referencing of byName.get(name)?.referencedBy ?? []) visit(referencing)
  }
  for (const name of changed) visit(name)
  return tables.filter((t) => chosen.has(t.table))
}

/**
 * The tables of the current schema, each after the tables it references: rows are written back
 * in that order, so every foreign key finds its row (a table referencing itself is one INSERT,
 * checked at its end).
 */
async function tableOrder(sql: Sql): Promise<{ schema: string; table: string; referencedBy: string[] }[]> {
  const tables = await sql.query<{ schema: string; table: string }>(
    `SELECT schemaname AS schema, tablename AS table FROM pg_tables
      WHERE schemaname = current_schema() AND tablename <> '${CHANGE_LOG}' ORDER BY tablename`,
  )
  const references = await sql.query<{ from: string; to: string }>(
    `SELECT c.conrelid::regclass::text AS from, c.confrelid::regclass::text AS to
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = current_schema() AND c.conrelid <> c.confrelid`,
  )
  // regclass prints a name as the search path needs it: unqualified (and quoted when it must be).
  const key = (table: string) => table.replace(/^"(.*)"$/, '$1').replaceAll('""', '"')
  const needs = new Map<string, Set<string>>(tables.map((t) => [t.table, new Set()]))
  const referencedBy = new Map<string, string[]>(tables.map((t) => [t.table, []]))
  for (const r of references) {
    needs.get(key(r.from))?.add(key(r.to))
    referencedBy.get(key(r.to))?.push(key(r.from))
  }
  const ordered: { schema: string; table: string; referencedBy: string[] }[] = []
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
    if (table) ordered.push({ ...table, referencedBy: referencedBy.get(name) ?? [] })
  }
  for (const t of tables) place(t.table)
  return ordered
}
