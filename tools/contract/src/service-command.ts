import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export interface RunningCommand {
  /** Where it listens, from its `… listening on <url>` line. */
  url: string
  output(): string
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>
  /** SIGKILL (a service that may be wedged); resolves once it is gone. */
  kill(): Promise<number | null>
}

/** Starts a service's command and resolves once it says where it listens (rejects if it exits first). */
export function startServiceCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<RunningCommand> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
      if (match?.[1])
        resolve({
          url: match[1],
          output: () => output,
          stop: () => {
            child.kill('SIGTERM')
            return exit
          },
          kill: () => {
            child.kill('SIGKILL')
            return exit
          },
        })
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    void exit.then((code) => reject(new Error(`${command} exited (${code}) before it listened:\n${output}`)))
  })
}

/**
 * The built command of the service in `serviceDir` (`dist/main.js`), for tests that run it as its
 * own process: turbo builds a service before its tests, and the built file spares each process a
 * TypeScript transform of the whole service. A vitest run of its own runs the last build.
 */
export function builtServiceEntry(serviceDir: string): string {
  const entry = join(serviceDir, 'dist/main.js')
  if (!existsSync(entry))
    throw new Error(
      `${entry} is missing: build the service first (\`pnpm turbo run build --filter=<service>\`; \`pnpm turbo run test\` does)`,
    )
  return entry
}

/**
 * Back to the seeded state through the test controls of a service started with a controls token
 * (`POST /__controls/reset`); rejects with the answer when it is not a success.
 */
export async function resetToSeed(baseUrl: string, controlsToken: string): Promise<void> {
  const response = await fetch(`${baseUrl}/__controls/reset`, {
    method: 'POST',
    headers: { authorization: `Bearer ${controlsToken}` },
  })
  if (!response.ok) throw new Error(`reset to the seeded state: ${response.status} ${await response.text()}`)
}
