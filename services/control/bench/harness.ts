/**
 * The servers of the control benchmarks, each in its own process: the service as users run it
 * (`node dist/main.js`, built by the `bench` task's dependencies; BENCH_FROM_SOURCE=1 runs
 * `src/main.ts` through tsx), bare Hono and the framework floor (bench/*.ts through tsx) and
 * Prism on the spec bundle. The loads, rounds and tables come from @apiplatform/bench.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Child, spawnServer, startPrism } from '@apiplatform/bench'

const SERVICE_DIR = fileURLToPath(new URL('..', import.meta.url))
const SPEC = fileURLToPath(new URL('../../../specs/control/dist/openapi.json', import.meta.url))

const tsx = (script: string, env: Record<string, string>) =>
  spawnServer(process.execPath, ['--import', 'tsx', script], { cwd: SERVICE_DIR, env })

/**
 * The control service on PGlite in a temporary DATA_DIR (PostgreSQL when `env` has
 * DATABASE_URL), with `rootKey` as CONTROL_ROOT_KEY and its defaults otherwise.
 */
export function startControlService(rootKey: string, env: Record<string, string> = {}): Promise<Child> {
  const dataDir = mkdtempSync(join(tmpdir(), 'control-bench-'))
  const script = process.env.BENCH_FROM_SOURCE === '1' ? ['--import', 'tsx', 'src/main.ts'] : ['dist/main.js']
  return spawnServer(process.execPath, script, {
    cwd: SERVICE_DIR,
    env: { PORT: '0', DATA_DIR: dataDir, CONTROL_ROOT_KEY: rootKey, ...env },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  })
}

/** Bare Hono answering `POST <path>` with `body`: reading the request's JSON first, or not. */
export function startBareHono(path: string, body: unknown, readBody: boolean): Promise<Child> {
  return tsx('bench/bare-hono.ts', {
    BENCH_PATH: path,
    BENCH_BODY: JSON.stringify(body),
    BENCH_READ_BODY: readBody ? '1' : '0',
  })
}

/** The framework floor (bench/framework-floor.ts) for `operationId`, answering `body`. */
export function startFrameworkFloor(operationId: string, body: unknown): Promise<Child> {
  return tsx('bench/framework-floor.ts', { BENCH_OPERATION: operationId, BENCH_BODY: JSON.stringify(body) })
}

/** Prism mocking the control API from its bundle (`pnpm --dir specs/control spec:bundle`). */
export function startControlPrism(): Promise<Child> {
  return startPrism(SPEC)
}
