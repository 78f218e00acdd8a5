import type { Database, Sql } from './database.js'

/** An error shaped like the ones `pg` and PGlite raise: a message and a SQLSTATE `code`. */
export function sqlError(code: string, message = `database error ${code}`): Error & { code: string } {
  return Object.assign(new Error(message), { code })
}

/** A database whose next statements can be made to fail, for tests of the error paths. */
export interface FaultyDatabase extends Database {
  /** Every statement from now on throws `error` (until `heal`). */
  failAll(error: Error): void
  /** Every statement from now on waits `ms` before it runs (until `heal`). */
  delayAll(ms: number): void
  /**
   * Once, before the next statement whose text matches `pattern` runs, awaits `action`: a test
   * places something (another connection's write) between two statements of one request.
   */
  beforeStatement(pattern: RegExp, action: () => Promise<void>): void
  heal(): void
}

/**
 * Wraps a real database so tests can make it fail or stall the way a real one does (an
 * unreachable server, a cancelled statement, a protocol error) and see what the service answers.
 */
export function faultyDatabase(db: Database): FaultyDatabase {
  let failure: Error | undefined
  let delayMs = 0
  let hook: { pattern: RegExp; action: () => Promise<void> } | undefined
  const gate = async (text?: string): Promise<void> => {
    if (hook && text !== undefined && hook.pattern.test(text)) {
      const { action } = hook
      hook = undefined
      await action()
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (failure) throw failure
  }
  const wrap = (sql: Sql): Sql => ({
    query: async (text, params) => {
      await gate(text)
      return sql.query(text, params)
    },
  })
  return {
    kind: db.kind,
    template: db.template,
    query: async (text, params) => {
      await gate(text)
      return db.query(text, params)
    },
    exec: async (text) => {
      await gate(text)
      return db.exec(text)
    },
    transaction: async (fn) => {
      await gate()
      return db.transaction((tx) => fn(wrap(tx)))
    },
    close: () => db.close(),
    failAll: (error) => {
      failure = error
    },
    delayAll: (ms) => {
      delayMs = ms
    },
    beforeStatement: (pattern, action) => {
      hook = { pattern, action }
    },
    heal: () => {
      failure = undefined
      delayMs = 0
      hook = undefined
    },
  }
}
