/**
 * Messages between `openPgliteWorker` (the service's thread) and `pglite-thread.ts` (the worker
 * that owns the PGlite instance). Every request carries an id; the worker answers each id once.
 */

import type { PreparedTemplate } from './prepared-template.js'

/** `tx` names an open transaction (the id of its `begin` request); without it the statement runs on its own. */
export type Request =
  | { id: number; op: 'query'; text: string; params: readonly unknown[] | undefined; tx: number | undefined }
  | { id: number; op: 'exec'; text: string; tx: number | undefined }
  /** Answered once the transaction holds PGlite (after the transactions and statements queued before it). */
  | { id: number; op: 'begin' }
  /** Commits (or rolls back) transaction `tx`; answered once that is done. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }

/**
 * `value` is `v8.serialize`d by the worker rather than left to `postMessage`: a value the
 * receiving side cannot rebuild (a JSON value nested thousands of levels deep overflows the
 * deserializer's stack) would otherwise be dropped with a `messageerror` that names no request,
 * and its caller would wait forever. Decoded by the caller, the failure belongs to its request.
 */
export type Reply =
  | { id: number; ok: true; value: Uint8Array }
  | { id: number; ok: false; error: SerializedError }

/**
 * What the worker posts once, before any reply: PGlite is open (a copy of the prepared template
 * whose identity is `template`, if it is one), or could not be opened.
 */
export type Startup =
  | { ready: true; template?: string | undefined }
  | { ready: false; error: SerializedError }

export interface WorkerOptions {
  dataDir: string | undefined
  /**
   * Create the database in `dataDir`, close it, and end the thread; without `dataDir`, only make
   * sure the template of new databases is cached.
   */
  createOnly?: boolean
  /** In memory: start from this prepared template when its file matches it. */
  template?: PreparedTemplate | undefined
}

/**
 * An error as plain data: structured cloning keeps only an Error's message, so PostgreSQL's
 * fields (`code` = SQLSTATE, `detail`, `constraint`, …), which callers branch on, travel apart.
 */
export interface SerializedError {
  message: string
  fields: Record<string, string | number | boolean>
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), fields: {} }
  const fields: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value
  }
  if (error.name !== 'Error') fields.name = error.name
  return { message: error.message, fields }
}

export function deserializeError(error: SerializedError): Error {
  return Object.assign(new Error(error.message), error.fields)
}
