/**
 * The worker thread of `openPgliteWorker`: it owns the PGlite instance, so PGlite's WASM runs
 * here instead of on the service's event loop. Statements and transactions are handed to PGlite
 * as they arrive; PGlite's own locks order them exactly as they would be in-process (a statement
 * sent while a transaction is open waits for it to end).
 */
import { mkdirSync } from 'node:fs'
import { serialize, setFlagsFromString } from 'node:v8'
import { parentPort, workerData } from 'node:worker_threads'
import type { Transaction } from '@electric-sql/pglite'
import * as pglite from '@electric-sql/pglite'
import { openPrepared } from './pglite.js'
import { createPglite, newDatabaseTemplate } from './pglite-create.js'
import { pgliteOptions } from './pglite-options.js'
import {
  type Reply,
  type Request,
  type Startup,
  serializeError,
  type WorkerOptions,
} from './pglite-thread-protocol.js'

const port = parentPort
if (!port) throw new Error('pglite-thread.ts runs as a worker thread (see openPgliteWorker)')
const { dataDir, createOnly, template } = workerData as WorkerOptions
const { PGlite } = pglite
type PGliteInstance = pglite.PGlite

interface OpenTransaction {
  tx: Transaction
  /** Ends PGlite's transaction callback: resolve to commit, reject to roll back. */
  finish(commit: boolean, endRequestId: number): void
}

const transactions = new Map<number, OpenTransaction>()
/** Thrown into PGlite's transaction callback to make it roll back. */
const ROLLBACK = Symbol('rollback')

const reply = (message: Reply) => port.postMessage(message)
const succeed = (id: number, value: unknown) => reply({ id, ok: true, value: serialize(value) })
const fail = (id: number, error: unknown) => reply({ id, ok: false, error: serializeError(error) })

// PGlite's WebAssembly runs on V8's baseline compiler only. Optimising it too (the default) made
// opening a database take 2-3 times longer and left about 90 MB more RSS for good, for statements
// that ran about a fifth faster in a long loop; the services' requests measured the same either
// way. It must be set before PGlite compiles its module, and applies to this process's
// WebAssembly, which is PGlite's alone.
setFlagsFromString('--liftoff-only')

let pg: PGliteInstance
try {
  const options = pgliteOptions(PGlite.defaultStartParams)
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  // A prepared template holds what the service would build; without one that matches, the
  // database is new (a copy of the initdb template, or initdb).
  const prepared =
    !dataDir && !createOnly && template ? await openPrepared(pglite, template, options) : undefined
  if (prepared) {
    pg = prepared
    port.postMessage({ ready: true, template: template?.identity } satisfies Startup)
  } else {
    if (createOnly && !dataDir) await newDatabaseTemplate(PGlite, options)
    else {
      pg = await createPglite(PGlite, dataDir, options)
      if (createOnly) await pg.close()
    }
    port.postMessage({ ready: true } satisfies Startup)
  }
} catch (error) {
  port.postMessage({ ready: false, error: serializeError(error) } satisfies Startup)
  port.close()
  throw error
}

function runner(tx: number | undefined): Pick<PGliteInstance, 'query' | 'exec'> {
  if (tx === undefined) return pg
  const open = transactions.get(tx)
  if (!open) throw new Error('Transaction is closed')
  return open.tx
}

function begin(id: number) {
  let endRequestId = -1
  pg.transaction(async (tx) => {
    const commit = await new Promise<boolean>((resolve) => {
      transactions.set(id, {
        tx,
        finish(commit, requestId) {
          endRequestId = requestId
          resolve(commit)
        },
      })
      succeed(id, id)
    })
    if (!commit) throw ROLLBACK
  })
    .then(
      () => succeed(endRequestId, null),
      (error) => {
        // Before the callback ran, the failure is BEGIN's; after, it is the end's (COMMIT or ROLLBACK).
        if (!transactions.has(id)) return fail(id, error)
        if (error === ROLLBACK) succeed(endRequestId, null)
        else fail(endRequestId, error)
      },
    )
    .finally(() => transactions.delete(id))
}

async function handle(request: Request) {
  try {
    switch (request.op) {
      case 'query': {
        const result = await runner(request.tx).query(request.text, request.params as unknown[] | undefined)
        return succeed(request.id, result.rows)
      }
      case 'exec':
        await runner(request.tx).exec(request.text)
        return succeed(request.id, null)
      case 'begin':
        return begin(request.id)
      case 'end': {
        const open = transactions.get(request.tx)
        if (!open) throw new Error('Transaction is closed')
        return open.finish(request.commit, request.id)
      }
      case 'close':
        await pg.close()
        succeed(request.id, null)
        return port?.close()
    }
  } catch (error) {
    fail(request.id, error)
  }
}

if (createOnly) port.close()
else port.on('message', (request: Request) => void handle(request))
