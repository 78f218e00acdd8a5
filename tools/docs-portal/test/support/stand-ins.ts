/**
 * The two reference services as operators run them (`dist/main.js` with the run-time contract's
 * environment variables), each in its own process on a free port with its own PGlite folder.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { builtServiceEntry } from '@apiplatform/contract'
import { findRoot, loadWorkspace } from '@apiplatform/release/workspace'

export interface StandIn {
  name: string
  url: string
  /** What it printed (the last 64 kB), for failure messages. */
  output(): string
  stop(): Promise<void>
}

const PACKAGES = { control: '@apiplatform/control-service', 'web-data': '@apiplatform/web-data-service' }

/** Starts a service with `env` on top of a clean run-time environment; resolves once it listens. */
export async function startStandIn(
  name: keyof typeof PACKAGES,
  env: Record<string, string>,
  // A safety net, not a wait: on a busy 2-core machine running the whole suite, a start (PGlite,
  // migrations) has been seen to take over a minute.
  timeoutMs = 300_000,
): Promise<StandIn> {
  const ws = loadWorkspace(findRoot(import.meta.dirname))
  const pkg = ws.packages.find((p) => p.name === PACKAGES[name])
  if (!pkg) throw new Error(`no workspace package ${PACKAGES[name]}`)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `docs-${name}-`))
  // The built service (turbo builds it before this suite), as operators run it: no TypeScript
  // transform in each process.
  const child: ChildProcess = spawn(process.execPath, [builtServiceEntry(pkg.dir)], {
    cwd: pkg.dir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-65_536)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    )
    const onData = () => {
      const match = /listening on (http:\/\/[\w.:[\]-]+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        child.stdout?.off('data', onData)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`))
    })
  })
  return {
    name,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(force)
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
