/**
 * Preload for profiling (not a test; `node --import ./bench/sql-count.ts`, with
 * CONTROL_PGLITE_WORKER=0 so that PGlite runs in the service's own thread): counts and times every
 * statement the service sends to PGlite, and every transaction, and prints them at exit to stderr,
 * with BENCH_SQL_SINCE (a file whose appearance starts the count: the measured window only).
 */
import { existsSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'

const stats = new Map<string, { n: number; ms: number }>()
const since = process.env.BENCH_SQL_SINCE
const counting = () => !since || existsSync(since)
const norm = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 110)
function add(key: string, started: number) {
  if (!counting()) return
  const s = stats.get(key) ?? { n: 0, ms: 0 }
  s.n++
  s.ms += performance.now() - started
  stats.set(key, s)
}
type Query = (text: string, ...rest: unknown[]) => Promise<unknown>
const proto = PGlite.prototype as unknown as {
  query: Query
  exec: Query
  transaction: (fn: (tx: { query: Query; exec: Query }) => Promise<unknown>) => Promise<unknown>
}
const timed = (original: Query, prefix: string): Query =>
  async function (this: unknown, text, ...rest) {
    const started = performance.now()
    try {
      return await original.call(this, text, ...rest)
    } finally {
      add(prefix + norm(text), started)
    }
  }
const { query, exec, transaction } = proto
proto.query = timed(query, '')
proto.exec = timed(exec, '')
proto.transaction = function (this: unknown, fn) {
  const started = performance.now()
  return transaction
    .call(this, (tx) => {
      tx.query = timed(tx.query.bind(tx), '  tx: ')
      tx.exec = timed(tx.exec.bind(tx), '  tx: ')
      return fn(tx)
    })
    .finally(() => add('TRANSACTION (whole)', started))
}
process.on('exit', () => {
  const lines = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)
  process.stderr.write('SQL: total ms, count, ms each, statement\n')
  for (const [k, v] of lines)
    process.stderr.write(
      `${v.ms.toFixed(0).padStart(7)} ${String(v.n).padStart(7)} ${(v.ms / v.n).toFixed(2).padStart(7)}  ${k}\n`,
    )
})
