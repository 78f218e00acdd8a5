import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

export interface Managed {
  name: string
  child: ChildProcess
}

export interface Service extends Managed {
  /** Resolves with the service's URL once it printed where it listens and answers HTTP. */
  ready: Promise<string>
  /** The last lines the service wrote to stderr (its one-line start error, if it failed). */
  lastErrors: string[]
}

/**
 * Starts a service from its built JavaScript (`node dist/main.js`, no package manager in between),
 * in its own process group, so a stop reaches everything it started. Its output is relayed with
 * its name in front of each line.
 */
export function startService(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  say: (line: string) => void,
  timeoutMs = 120_000,
): Service {
  const child = spawn(process.execPath, [script], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const lastErrors: string[] = []
  let onListening: (url: string) => void = () => {}
  const listening = new Promise<string>((resolve) => {
    onListening = resolve
  })
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    say(`[${name}] ${line}`)
    const match = /listening on (http:\/\/[^\s"]+)/.exec(line)
    if (match?.[1]) onListening(match[1])
  })
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    say(`[${name}] ${line}`)
    lastErrors.push(line)
    if (lastErrors.length > 5) lastErrors.shift()
  })
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) =>
      reject(
        new Error(`${name} exited ${signal ? `on ${signal}` : `with code ${code}`} before it was ready`),
      ),
    )
  })
  exited.catch(() => {})
  const ready = (async () => {
    const url = await Promise.race([
      listening,
      exited,
      timeout(timeoutMs, `${name} did not start within ${timeoutMs / 1000} s`),
    ])
    await Promise.race([
      answers(`${url}/openapi.json`),
      exited,
      timeout(timeoutMs, `${name} did not answer at ${url}`),
    ])
    return url
  })()
  ready.catch(() => {})
  return { name, child, ready, lastErrors }
}

/** Resolves once `url` answers 200. */
export async function answers(url: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
}

function timeout(ms: number, message: string): Promise<never> {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref())
}

/**
 * Stops every process: SIGTERM to each process group (a service closes its listener, its worker and
 * its database), SIGKILL to what is still there after `graceMs`. Resolves once all have exited.
 */
export async function stopAll(processes: Managed[], graceMs = 10_000): Promise<void> {
  const running = processes.filter(({ child }) => child.exitCode === null && child.signalCode === null)
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => {
            // anything the service started and left in its group (a browser) goes with it
            signal(child, 'SIGKILL')
            resolve()
          })
          if (child.exitCode !== null || child.signalCode !== null) return resolve()
          signal(child, 'SIGTERM')
          const kill = setTimeout(() => signal(child, 'SIGKILL'), graceMs)
          child.once('exit', () => clearTimeout(kill))
        }),
    ),
  )
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, name)
  } catch {
    // already gone
  }
}
