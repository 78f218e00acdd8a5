import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { builtServiceEntry, validatingFetch } from '@apiplatform/contract'
import { createWebDataClient } from '@apiplatform/web-data-client'
import { specValidator } from './harness.js'

const SERVICE_DIR = fileURLToPath(new URL('../..', import.meta.url))

/**
 * The service as operators run it (its built command, PGlite in `dataDir`), in its own process so
 * that a crash test can SIGKILL it and start it again on the same folder. Fast job leases (1.5 s)
 * and polls (50 ms), so that a restarted process takes the dead one's jobs over quickly; `env`
 * adds settings. Resolves once the service listens.
 */
export function startServiceProcess(options: {
  dataDir: string
  port: number
  apiKey: string
  env?: Record<string, string>
}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [builtServiceEntry(SERVICE_DIR)], {
    cwd: SERVICE_DIR,
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      WEB_DATA_API_KEY: options.apiKey,
      WEB_DATA_ALLOW_PRIVATE_URLS: '1',
      WEB_DATA_JOB_LEASE_MS: '1500',
      WEB_DATA_JOB_POLL_MS: '50',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('listening on')) resolve(child)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)))
  })
}

/** A client of the service process on `port` that validates every response against the spec, without retries. */
export function serviceProcessClient(port: number, apiKey: string) {
  return createWebDataClient({
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    fetch: validatingFetch(specValidator(), fetch),
    retry: false,
  }).raw
}

/** Kills the process at once (no clean stop) and waits until it is gone. */
export async function crash(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}
