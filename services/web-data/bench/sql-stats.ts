/** BENCH_SQL_STATS=1: counts and times every SQL statement and transaction of the service. */
import type { Database, Sql } from '@apiplatform/server-kit'

const stats = new Map<string, { n: number; ms: number }>()
const norm = (text: string) => text.replace(/\s+/g, ' ').slice(0, 100)

function add(key: string, started: number): void {
  const s = stats.get(key) ?? { n: 0, ms: 0 }
  s.n++
  s.ms += performance.now() - started
  stats.set(key, s)
}

function wrap(sql: Sql, prefix: string): Sql {
  return {
    async query<Row>(text: string, params?: readonly unknown[]): Promise<Row[]> {
      const started = performance.now()
      try {
        return await sql.query<Row>(text, params)
      } finally {
        add(prefix + norm(text), started)
      }
    },
  }
}

/** The database with every statement timed (wall time from call to answer, queueing included). */
export function instrument(db: Database): Database {
  const root = wrap(db, '')
  return {
    kind: db.kind,
    exec: (text) => db.exec(text),
    close: () => db.close(),
    query: root.query,
    transaction: (fn) => {
      const started = performance.now()
      return db.transaction((tx) => fn(wrap(tx, '  tx: '))).finally(() => add('TRANSACTION (whole)', started))
    },
  }
}

/** Prints the statements that took longest in total, and forgets them. */
export function printSqlStats(label: string): void {
  if (!process.env.BENCH_SQL_STATS) return
  console.log(`SQL during ${label}: total ms, count, ms each, statement`)
  for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30))
    console.log(
      `${v.ms.toFixed(0).padStart(7)} ${String(v.n).padStart(6)} ${(v.ms / v.n).toFixed(2).padStart(7)}  ${k}`,
    )
  stats.clear()
}
