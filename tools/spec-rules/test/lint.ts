/**
 * Lints a fixture the way `redocly lint --format json` does, in the test process, with Redocly's Node
 * API (`@redocly/openapi-core`): `loadConfig` reads the fixture's redocly.yaml, whose `plugins` entry
 * makes Redocly `import()` the built plugin (dist/index.js) as the CLI does; `lint` runs the rules.
 * Each config is loaded once per process and shared by the tests that use it.
 *
 * The CLI bundles its own openapi-core (2.77.0, not on npm), so the one in package.json is another
 * version: `lintWithCli` runs the real CLI instead, and `test/cli.test.ts` uses it to check that the
 * CLI reports the same problems and exit code.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  type Config,
  getLineColLocation,
  getTotals,
  lint as lintDocument,
  loadConfig,
  type NormalizedProblem,
} from '@redocly/openapi-core'

const run = promisify(execFile)
const require = createRequire(import.meta.url)
export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const redocly = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js')

export interface LintProblem {
  ruleId: string
  severity: string
  message: string
  /** Without `pointer` where Redocly locates the problem by line and column instead. */
  location: Array<{ source: { ref: string }; pointer?: string }>
}

export interface LintResult {
  exitCode: number
  problems: LintProblem[]
}

const configs = new Map<string, Promise<Config>>()

function loadConfigOnce(config: string): Promise<Config> {
  const configPath = join(packageRoot, config)
  let loaded = configs.get(configPath)
  if (!loaded) {
    loaded = loadConfig({ configPath })
    configs.set(configPath, loaded)
  }
  return loaded
}

/** Lints `fixture` under `config` (both relative to the package) in this process. */
export async function lint(fixture: string, config: string): Promise<LintResult> {
  const problems = await lintDocument({
    ref: join(packageRoot, fixture),
    config: await loadConfigOnce(config),
  })
  // The CLI fails (exit code 1) exactly when a problem that is not ignored has severity error.
  return { exitCode: getTotals(problems).errors > 0 ? 1 : 0, problems: toJson(problems) }
}

/** The problems as `redocly lint --format json` prints them (without its cap of 100 problems). */
function toJson(problems: Array<NormalizedProblem & { ignored?: boolean }>): LintProblem[] {
  const ref = (absoluteRef: string) => relative(process.cwd(), absoluteRef)
  return problems
    .filter((problem) => !problem.ignored)
    .sort((a, b) => Number(a.severity !== 'error') - Number(b.severity !== 'error'))
    .map((problem) => ({
      ...problem,
      location: problem.location.map((location) => {
        const { start, end } = getLineColLocation(location)
        return { ...location, start, end, source: { ref: ref(location.source.absoluteRef) } }
      }),
      from: problem.from
        ? { ...problem.from, source: { ref: ref(problem.from.source.absoluteRef) } }
        : undefined,
    }))
}

/**
 * Runs the real `redocly lint --format json` once on `fixtures` under `config`: the problems of each
 * fixture (the CLI prints one JSON report per file, in order) and the exit code of the run.
 */
export async function lintWithCli(
  fixtures: string[],
  config: string,
): Promise<{ exitCode: number; problems: LintProblem[][] }> {
  const args = [
    redocly,
    'lint',
    ...fixtures.map((fixture) => join(packageRoot, fixture)),
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
  // The reports are pretty-printed one after another: only a report's own closing brace starts a line.
  const reports = stdout
    .slice(start)
    .split(/(?<=^\})/m)
    .filter((report) => report.trim() !== '')
    .map((report) => JSON.parse(report) as { problems: LintProblem[] })
  if (reports.length !== fixtures.length) {
    throw new Error(`redocly printed ${reports.length} JSON reports for ${fixtures.length} files:\n${stdout}`)
  }
  return { exitCode, problems: reports.map((report) => report.problems) }
}
