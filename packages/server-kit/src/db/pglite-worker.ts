/**
 * Embedded PGlite in a worker thread, behind the same `Database` interface as `openPglite`.
 *
 * PGlite runs PostgreSQL compiled to WASM synchronously on the thread that owns it: in-process,
 * every statement (a batched analytics INSERT, a lease transaction) stops the service's event
 * loop until it is done, and requests queue behind it. Here the worker owns the instance and the
 * service's thread only posts statements and receives rows, so it keeps serving HTTP meanwhile.
 *
 * Same semantics as in-process: one instance, statements run one at a time in the order PGlite
 * receives them; an interactive transaction holds the instance from `BEGIN` until its callback
 * settles (the worker keeps it open while this thread sends the transaction's statements), and
 * statements sent meanwhile wait for it. Errors keep PostgreSQL's fields (`code`, `detail`,
 * `constraint`, …). Rows and parameters are structured-cloned (Date, Uint8Array, bigint survive).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { deserialize } from 'node:v8'
import { Worker } from 'node:worker_threads'
import type { Database, Sql } from './database.js'
import { DatabaseStalledError } from './failures.js'
import { copyPreparedTemplate } from './pglite-create.js'
import { pgliteOptions } from './pglite-options.js'
import { templateFile } from './pglite-template.js'
import {
  deserializeError,
  type Reply,
  type Request,
  type Startup,
  type WorkerOptions,
} from './pglite-thread-protocol.js'
import { type PreparedTemplate, preparedTemplateMatches } from './prepared-template.js'

// Built, the thread is the compiled `.js` beside this file. Run from source (vitest, tsx), it is
// TypeScript: Node 20 does not apply `--import tsx` to a worker's entry, so a small bootstrap
// registers tsx's loader in the thread first.
const fromSource = import.meta.url.endsWith('.ts')
const THREAD_URL = new URL(fromSource ? './pglite-thread.ts' : './pglite-thread.js', import.meta.url)
const threadEntry = fromSource
  ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD_URL.href)}) })`
  : THREAD_URL

type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never

/** How long a statement may wait for its answer by default (queueing included), in ms. */
export const DEFAULT_CALL_TIMEOUT_MS = 10_000

export interface PgliteWorkerOptions {
  /**
   * How long a call may wait for the worker's answer (including the time it waits behind other
   * statements and transactions) before it fails with `DatabaseStalledError`; default
   * `DEFAULT_CALL_TIMEOUT_MS`. A stalled worker then costs each request this long, not forever.
   */
  callTimeoutMs?: number | undefined
  /**
   * In memory: start as a copy of this prepared template when its file matches it (the database's
   * `template` then names it), instead of a new database.
   */
  template?: PreparedTemplate | undefined
}

/**
 * Opens PGlite in a worker thread: a folder on disk, or memory when `dataDir` is undefined. A new
 * database, in memory or in a new folder, is a copy of `options.template` when its file matches.
 */
export async function openPgliteWorker(
  dataDir: string | undefined,
  options: PgliteWorkerOptions = {},
): Promise<Database> {
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  // Creating a database (from the template, or by initdb when there is none) and making the
  // template take memory that the service's thread would keep for good (WebAssembly memory is not
  // given back while its thread lives, nor is the heap a 40 MB tarball grew): a thread of its own
  // does it and ends, and the instance that serves opens the database as it would open existing
  // data (about 470 MB of RSS less than initdb there, about 75 MB less than a copy of the
  // template). In memory the database is the serving thread's own: it copies the template, which
  // a thread of its own makes first if needed.
  // A matching prepared template needs neither: the serving thread copies it.
  // A new folder is written here from the template's files: no PGlite is needed to make it.
  const matching =
    options.template && preparedTemplateMatches(options.template) ? options.template : undefined
  const template = dataDir ? undefined : matching
  const copiedInto =
    dataDir !== undefined && matching !== undefined && copyPreparedTemplate(dataDir, matching)
  if (dataDir ? !copiedInto && !existsSync(join(dataDir, 'PG_VERSION')) : !template && templateMissing()) {
    const creating = startThread({ dataDir, createOnly: true })
    try {
      await creating.ready
    } finally {
      await creating.worker.terminate()
    }
  }
  const { worker, ready } = startThread({ dataDir, template })
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }
  >()
  /**
   * Calls that timed out, by id, with what to do should the worker answer after all: a
   * transaction that began after its caller gave up is rolled back at once, or it would hold
   * PGlite for ever.
   */
  const abandoned = new Map<number, (reply: Reply) => void>()
  let nextId = 1
  let closedBecause: string | undefined

  // The thread keeps the process alive only while something waits for it, like a socket would.
  const settled = () => {
    if (pending.size === 0) worker.unref()
  }
  const call = <T>(body: RequestBody): Promise<T> => {
    if (closedBecause !== undefined) return Promise.reject(new Error(closedBecause))
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref()
      const timer = setTimeout(() => {
        pending.delete(id)
        abandoned.set(id, (reply) => {
          if (body.op === 'begin' && reply.ok) void call({ op: 'end', tx: id, commit: false }).catch(() => {})
        })
        settled()
        reject(new DatabaseStalledError(`PGlite did not answer within ${callTimeoutMs} ms`))
      }, callTimeoutMs)
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer })
      worker.postMessage({ ...body, id } as Request)
    })
  }
  const abandonAll = (reason: string) => {
    closedBecause = reason
    for (const { reject, timer } of pending.values()) {
      clearTimeout(timer)
      reject(new Error(reason))
    }
    pending.clear()
    abandoned.clear()
  }

  const { template: copiedFrom } = await ready
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id)
    if (!waiter) {
      abandoned.get(reply.id)?.(reply)
      abandoned.delete(reply.id)
      return
    }
    pending.delete(reply.id)
    clearTimeout(waiter.timer)
    if (!reply.ok) waiter.reject(deserializeError(reply.error))
    else {
      try {
        waiter.resolve(deserialize(reply.value))
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        waiter.reject(new Error(`PGlite's answer could not be read: ${reason}`))
      }
    }
    settled()
  })
  // Replies carry their value encoded, so this only fires for a reply too broken to name its
  // request; that caller's timeout answers it.
  worker.on('messageerror', () => {})
  worker.on('error', (error) => abandonAll(`PGlite is closed (its worker thread failed: ${error.message})`))
  worker.on('exit', () => abandonAll('PGlite is closed'))
  worker.unref()

  const sqlOn = (tx: number | undefined): Sql => ({
    query: <Row>(text: string, params?: readonly unknown[]) => call<Row[]>({ op: 'query', text, params, tx }),
  })
  const root = sqlOn(undefined)
  return {
    kind: 'pglite',
    template: copiedInto ? matching?.identity : copiedFrom,
    query: root.query,
    exec: (text) => call<void>({ op: 'exec', text, tx: undefined }),
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' })
      let result: T
      try {
        result = await fn(sqlOn(tx))
      } catch (error) {
        // The caller's error is the one that matters; a failed ROLLBACK ends the transaction too.
        await call<void>({ op: 'end', tx, commit: false }).catch(() => {})
        throw error
      }
      await call<void>({ op: 'end', tx, commit: true })
      return result
    },
    async close() {
      if (closedBecause !== undefined) return
      await call<void>({ op: 'close' })
      closedBecause = 'PGlite is closed'
      await worker.terminate()
    },
  }
}

/** Whether new databases are copied from a template that is not made yet. */
function templateMissing(): boolean {
  // The template depends on initdb's options only, not on PGlite's start parameters.
  const template = templateFile(pgliteOptions([]))
  return template !== undefined && !existsSync(template)
}

interface Thread {
  worker: Worker
  /**
   * Settles when PGlite is open in the thread (or, for `createOnly`, created and closed), or could
   * not be; with the identity of the prepared template it is a copy of, if it is one.
   */
  ready: Promise<{ template?: string | undefined }>
}

function startThread(workerData: WorkerOptions): Thread {
  const worker = new Worker(threadEntry, {
    eval: fromSource,
    workerData,
    // The parent's loader flags (tsx) would only slow the thread's start.
    execArgv: [],
  })
  const ready = new Promise<{ template?: string | undefined }>((resolve, reject) => {
    worker.once('message', (startup: Startup) => {
      if (startup.ready) resolve({ template: startup.template })
      else reject(deserializeError(startup.error))
    })
    worker.once('error', reject)
  })
  return { worker, ready }
}
