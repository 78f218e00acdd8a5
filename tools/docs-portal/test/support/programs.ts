/** Running what the docs show: shell snippets in bash, TypeScript programs type-checked and imported. */
import { spawn, spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { vi } from 'vitest'

// TypeScript 7, the native compiler the package type checks run (tools/tsconfig): the same verdicts
// as the 5.x line at a fraction of the CPU. It has no JavaScript API, hence its command line.
const TSC_NATIVE = createRequire(import.meta.url).resolve('@apiplatform/tsconfig/bin/tsc-native.mjs')

/** tsc's errors for `files`, as `file:line message` (none: `[]`). Settings of a Node 20 ESM project. */
export function typecheck(files: string[], base: string): string[] {
  const run = spawnSync(
    process.execPath,
    [
      TSC_NATIVE,
      // The files named here, not the package's tsconfig.json, with the settings below.
      '--ignoreConfig',
      '--pretty',
      'false',
      '--target',
      'ES2022',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--lib',
      'es2023,dom',
      '--types',
      'node',
      '--strict',
      '--skipLibCheck',
      '--noEmit',
      ...files,
    ],
    { cwd: base, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  if (run.error) throw run.error
  // `file(line,col): error TS…: message`, its continuation lines indented; other errors unplaced.
  const errors: string[] = []
  for (const line of `${run.stdout}${run.stderr}`.split('\n')) {
    if (!line.trim()) continue
    const placed = /^(.+)\((\d+),\d+\): error TS\d+: (.*)$/.exec(line)
    if (placed)
      errors.push(`${path.relative(base, path.resolve(base, placed[1] ?? ''))}:${placed[2]} ${placed[3]}`)
    else if (/^\s/.test(line) && errors.length) errors[errors.length - 1] += `\n${line.trim()}`
    else errors.push(` ${line}`)
  }
  // A failed run always says why: never an empty list for a check that did not pass.
  if (run.status !== 0 && errors.length === 0) errors.push(` tsc exited with ${run.status ?? run.signal}`)
  return errors
}

export interface ShellRun {
  code: number
  stdout: string
  stderr: string
}

export function bash(
  script: string,
  cwd: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ShellRun> {
  return new Promise((resolve) => {
    // Its own process group: a timeout ends the script and everything it started (a curl in a
    // pipe would otherwise keep the output open, and the run would never end).
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      try {
        process.kill(-(child.pid as number), 'SIGKILL')
      } catch {
        // already gone
      }
    }, timeoutMs)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const why = timedOut ? `still running after ${timeoutMs} ms (killed)` : `ended by ${signal}`
      const failed = code !== 0
      resolve({ code: code ?? 1, stdout, stderr: failed && !stderr ? why : stderr })
    })
  })
}

/**
 * Runs a TypeScript module (top-level await and all) in this process, in `cwd`, with `env` added
 * to process.env; what it logs is returned instead of printed. Rejects with what it threw.
 */
export async function runModule(
  file: string,
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<string[]> {
  const saved = { ...process.env }
  const cwd = process.cwd()
  const logged: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(' '))
  })
  Object.assign(process.env, options.env)
  process.chdir(options.cwd)
  let timer: NodeJS.Timeout | undefined
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`still running after ${options.timeoutMs} ms`)),
        options.timeoutMs,
      )
    })
    await Promise.race([import(pathToFileURL(file).href), timeout])
    return logged
  } finally {
    clearTimeout(timer)
    log.mockRestore()
    process.chdir(cwd)
    process.env = saved
  }
}
