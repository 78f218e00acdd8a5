import type { Database, Sql } from './database.js'

/** `pg` is loaded by the first PostgreSQL start: a service on embedded PGlite never needs it. */
async function loadPg(): Promise<typeof import('pg').default> {
  const { default: pg } = await import('pg')
  // int8 and numeric come back as strings by default; our schemas use them for counters and
  // timestamps in milliseconds that fit in a double.
  pg.types.setTypeParser(20, (v) => Number(v))
  pg.types.setTypeParser(1700, (v) => Number(v))
  return pg
}

/** Opens a pool on a real PostgreSQL server, optionally confined to one schema. */
export async function openPostgres(url: string, schema?: string): Promise<Database> {
  const pg = await loadPg()
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // An unreachable server fails the start (or the request) instead of waiting for TCP to give up.
    connectionTimeoutMillis: 10_000,
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  })
  if (schema) {
    const client = await pool.connect()
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`)
    } finally {
      client.release()
    }
  }
  const query: Sql['query'] = async <Row>(text: string, params?: readonly unknown[]) =>
    (await pool.query(text, params as unknown[] | undefined)).rows as Row[]
  return {
    kind: 'postgres',
    query,
    async exec(text) {
      await pool.query(text)
    },
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect()
        try {
          await client.query('BEGIN')
          const tx: Sql = {
            query: async <Row>(text: string, params?: readonly unknown[]) =>
              (await client.query(text, params as unknown[] | undefined)).rows as Row[],
          }
          const result = await fn(tx)
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {})
          if (!isRetryable(error) || attempt >= MAX_ATTEMPTS) throw error
        } finally {
          client.release()
        }
        // Apart at random, so the transactions that deadlocked do not meet again at once.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt))
      }
    },
    close: () => pool.end(),
  }
}

/**
 * A transaction PostgreSQL aborted to break a deadlock (40P01) or a serialization conflict (40001)
 * did nothing: it is run again, as the PostgreSQL manual advises, instead of answering 500. Rows
 * locked in one statement (`FOR UPDATE OF d, a`) are locked in the order the plan reads them, so
 * two requests on one app can meet in opposite orders.
 */
const MAX_ATTEMPTS = 5

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '40P01' || code === '40001'
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`invalid schema name: ${name}`)
  return `"${name}"`
}
