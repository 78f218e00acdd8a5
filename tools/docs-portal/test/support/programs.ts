/** Running what the docs show: shell snippets in bash, TypeScript programs type-checked and imported. */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'
import { vi } from 'vitest'

/** tsc's errors for `files`, as `file:line message` (none: `[]`). Settings of a Node 20 ESM project. */
export function typecheck(files: string[], base: string): string[] {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  })
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.relative(base, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : ''
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
  })
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
