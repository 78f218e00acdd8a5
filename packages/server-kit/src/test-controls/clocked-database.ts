/**
 * SQL's `now()` on the test clock. The services compute most times in SQL (rate-limit windows,
 * job schedules and leases, expirations), so moving only JavaScript's clock would leave them on
 * real time. Each statement's text has `now()` replaced by `now()` plus the clock's offset: no
 * schema object, no `search_path`, the same on PGlite and PostgreSQL, and at offset 0 the text is
 * passed on untouched.
 *
 * What it cannot move: column defaults (`DEFAULT now()`, bound when the table was created) and
 * SQL that reaches the database as a parameter (the analytics queries), which stay on real time.
 */
import type { Database, Sql } from '../db/database.js'
import type { TestClock } from './clock.js'

/** `now()` as a call, not a column or function whose name ends in `now` (`pg_catalog.now()` stays). */
const NOW_CALL = /(?<![\w.$"])now\(\s*\)/gi

/** The statement with every `now()` shifted `offsetMs` forward. */
export function shiftNow(text: string, offsetMs: number): string {
  if (offsetMs === 0) return text
  return text.replace(NOW_CALL, `(pg_catalog.now() + interval '${Math.trunc(offsetMs)} milliseconds')`)
}

/** `db` with `now()` in every statement read from `clock`. */
export function clockedDatabase(db: Database, clock: TestClock): Database {
  const wrap = (sql: Sql): Sql => ({
    query: (text, params) => sql.query(shiftNow(text, clock.offsetMs), params),
  })
  return {
    kind: db.kind,
    template: db.template,
    query: (text, params) => db.query(shiftNow(text, clock.offsetMs), params),
    exec: (text) => db.exec(shiftNow(text, clock.offsetMs)),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  }
}
