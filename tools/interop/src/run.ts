import { spawn } from 'node:child_process'

export interface RunResult {
  command: string
  code: number | null
  output: string
}

/** One tool run as `interop:generate` records it in generated/results.json. */
export interface StepResult extends RunResult {
  tool: string
  api: string
}

/** Runs a command to its end, keeping its output (both streams, last 20,000 characters) for the report. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<RunResult>((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env } })
    let output = ''
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', (error) =>
      resolve({ command: [command, ...args].join(' '), code: -1, output: String(error) }),
    )
    child.on('close', (code) => resolve({ command: [command, ...args].join(' '), code, output }))
  })
}
