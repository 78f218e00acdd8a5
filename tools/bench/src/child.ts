import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

/** A server in a process of its own. */
export interface Child {
  url: string
  pid: number | undefined
  process: ChildProcess
  /** Milliseconds from spawn to the line that gave its URL. */
  startMs: number
  stop(): Promise<void>
}

export interface SpawnOptions {
  cwd?: string
  env?: Record<string, string | undefined>
  /** Where stdout says the server's URL (first group); default: the first `http://…`. */
  urlPattern?: RegExp
  /** Called once the process has exited after `stop()`. */
  cleanup?: () => void
  timeoutMs?: number
}

/**
 * Spawns `command args` and resolves once its stdout names its URL. Its stdout is drained for as
 * long as it runs (a full pipe would block a server that logs every request).
 */
export function spawnServer(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): Promise<Child> {
  const started = performance.now()
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const pattern = options.urlPattern ?? /(http:\/\/[0-9.:a-z[\]]+)/
  return new Promise((resolve, reject) => {
    let out = ''
    let found = false
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} did not start in time:\n${out}`))
    }, options.timeoutMs ?? 180_000)
    child.stdout?.on('data', (chunk: Buffer) => {
      if (found) return
      out += chunk.toString()
      const m = pattern.exec(out)
      if (m?.[1]) {
        found = true
        out = ''
        clearTimeout(timer)
        resolve({
          url: m[1],
          pid: child.pid,
          process: child,
          startMs: performance.now() - started,
          stop: () => stopChild(child, options.cleanup),
        })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (!found) reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${out}`))
    })
  })
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export function stopChild(child: ChildProcess, cleanup?: () => void): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      cleanup?.()
      resolve()
    }
    if (child.exitCode !== null || child.signalCode !== null) return done()
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', done)
    child.kill('SIGTERM')
  })
}

/** Resident memory of a process in MB (all its threads), from /proc; NaN where /proc is missing. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

const CLOCK_TICKS_PER_SECOND = 100

/**
 * CPU seconds (user + system) of a process and of its main thread, from /proc. Unlike req/s,
 * CPU time per request hardly moves when other processes compete for the cores, so it shows
 * what a server itself costs on a shared machine. Undefined where /proc is missing.
 */
export function cpuSeconds(pid: number | undefined): { eventLoop: number; process: number } | undefined {
  if (pid === undefined) return undefined
  const read = (file: string) => {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(file, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND
  }
  try {
    return { eventLoop: read(`/proc/${pid}/task/${pid}/stat`), process: read(`/proc/${pid}/stat`) }
  } catch {
    return undefined
  }
}

/** Resolves once `url` answers with a 2xx (polling every 20 ms). */
export async function answers(url: string, init?: RequestInit, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url, init)
      await res.arrayBuffer()
      if (res.ok) return
    } catch {}
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`)
    await new Promise((r) => setTimeout(r, 20))
  }
}
