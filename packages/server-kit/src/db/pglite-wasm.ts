/**
 * PGlite's WebAssembly, compiled once per thread and shared by every instance the thread opens.
 * Compiling it is one of the larger costs of opening a database (about 0.1-0.2 CPU-seconds);
 * started early, it runs on V8's background threads while this thread reads the database's files.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

let compiled: Promise<WebAssembly.Module | undefined> | undefined

/** The compiled module, or undefined when PGlite's file is not where its package keeps it (PGlite then loads its own). */
export function pgliteWasmModule(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
      const bytes = await readFile(join(dirname(entry), 'pglite.wasm'))
      return await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>)
    } catch {
      return undefined
    }
  })()
  return compiled
}
