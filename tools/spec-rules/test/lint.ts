/** Runs the real `redocly lint` on a fixture and returns its problems (JSON output). */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js')

export interface LintProblem {
  ruleId: string
  severity: string
  message: string
  location: Array<{ source: { ref: string }; pointer: string }>
}

export interface LintResult {
  exitCode: number
  problems: LintProblem[]
}

export async function lint(fixture: string, config: string): Promise<LintResult> {
  const args = [
    redocly,
    'lint',
    join(packageRoot, fixture),
    '--config',
    join(packageRoot, config),
    '--format',
    'json',
  ]
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
  let stdout: string
  let exitCode = 0
  try {
    ;({ stdout } = await run(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }))
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    if (typeof failed.code !== 'number' || failed.stdout === undefined) throw error
    exitCode = failed.code
    stdout = failed.stdout
  }
  const start = stdout.indexOf('{')
  if (start < 0) throw new Error(`redocly printed no JSON report:\n${stdout}`)
  const report = JSON.parse(stdout.slice(start)) as { problems: LintProblem[] }
  return { exitCode, problems: report.problems }
}
