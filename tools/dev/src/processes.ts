import { type ChildProcess, spawn } from 'node:child_process'

export interface Managed {
  name: string
  child: ChildProcess
}

/** Starts a long-running command whose output is prefixed with its name. */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
): Managed {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const prefix = `[${name}] `
  const relay = (stream: NodeJS.ReadableStream | null, out: NodeJS.WriteStream) => {
    let buffered = ''
    stream?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) out.write(`${prefix}${line}\n`)
    })
  }
  relay(child.stdout, process.stdout)
  relay(child.stderr, process.stderr)
  return { name, child }
}

/** Resolves once `url` answers, or rejects when the process exits first or time runs out. */
export async function waitUntilUp(managed: Managed, url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let exited = false
  managed.child.once('exit', () => {
    exited = true
  })
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${managed.name} exited before it was ready`)
    try {
      const response = await fetch(url)
      if (response.status < 500) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${managed.name} did not answer at ${url} within ${timeoutMs / 1000} s`)
}

export function stopAll(processes: Managed[]): void {
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGTERM')
}
