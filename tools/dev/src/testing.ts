/** The supervisor as a user runs it, for the tests: its own process group, its output, its process tree. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import net from 'node:net'
import { resolve } from 'node:path'

export const root = resolve(import.meta.dirname, '../../..')

export interface Run {
  child: ChildProcess
  output(): string
  /** Resolves once `text` appears in the output (rejects when the process ends first). */
  waitFor(text: string | RegExp): Promise<void>
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `via: 'pnpm'` runs the root `pnpm start` script (the user's command), else the supervisor directly. */
export function runStart(env: NodeJS.ProcessEnv, via: 'pnpm' | 'node' = 'node'): Run {
  const [command, ...args] =
    via === 'pnpm' ? ['pnpm', 'start'] : [process.execPath, '--import', 'tsx', 'tools/dev/src/start.ts']
  const child = spawn(command as string, args, {
    cwd: root,
    // its own process group: a signal to -pid is what a terminal sends on Ctrl-C
    detached: true,
    // PGlite unless a test asks for a database; the services' output as JSON lines
    env: { ...process.env, START_SKIP_BUILD: '1', LOG_FORMAT: 'json', DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const waiters = new Set<() => void>()
  const append = (chunk: Buffer) => {
    text += chunk.toString()
    for (const w of waiters) w()
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  )
  return {
    child,
    output: () => text,
    exit,
    waitFor: (expected) =>
      new Promise<void>((done, fail) => {
        const check = () => {
          if (typeof expected === 'string' ? text.includes(expected) : expected.test(text)) {
            waiters.delete(check)
            done()
          }
        }
        waiters.add(check)
        check()
        void exit.then(() => {
          check()
          if (waiters.has(check)) fail(new Error(`ended before "${expected}" appeared:\n${text}`))
        })
      }),
  }
}

/** Every process below `pid` (Linux/macOS `ps`). */
export function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
  const found: number[] = []
  const walk = (parent: number) => {
    for (const [p, pp] of table)
      if (pp === parent) {
        found.push(p)
        walk(p)
      }
  }
  walk(pid)
  return found
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Whether something accepts connections on the URL's port. */
export function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url)
  return new Promise((done) => {
    const socket = net.connect(Number(port), hostname)
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}

/** The URLs of the banner. */
export function bannerUrls(output: string): { control: string; webData: string; docs: string } {
  const url = (label: string) => new RegExp(`${label}\\s+(http://\\S+)`).exec(output)?.[1] ?? ''
  return { control: url('Deployment Control API'), webData: url('Web-Data API'), docs: url('Docs portal') }
}

export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as net.AddressInfo
  await new Promise((r) => server.close(r))
  return port
}
