/** Running what the docs show: shell snippets in bash, TypeScript programs type-checked and imported. */
import { execFile } from 'node:child_process'
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
    execFile(
      'bash',
      ['-c', script],
      { cwd, env: { ...process.env, ...env }, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        const why = error?.killed ? `still running after ${timeoutMs} ms (killed)` : error?.message
        resolve({ code, stdout, stderr: error && !stderr ? (why ?? '') : stderr })
      },
    )
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
