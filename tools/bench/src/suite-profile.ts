/**
 * `pnpm test:profile`: runs the root `test` pipeline once with turbo's cache bypassed (as on a
 * fresh clone, with the same concurrency as `pnpm test`) and prints every task's wall time and
 * CPU-seconds, the run's wall time and the machine's CPU-seconds, as a Markdown table.
 *
 * Extra arguments go to turbo (`pnpm test:profile --filter=@apiplatform/control-service...`);
 * `--cached` keeps turbo's cache (profile what a second run still does).
 */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { machineBusySeconds, watchTaskCpu } from './process-cpu.js'
import { printNote, printTable } from './table.js'

const root = resolve(import.meta.dirname, '../../..')

interface SummaryTask {
  taskId: string
  hash: string
  cache: { status: string }
  execution?: { startTime: number; endTime: number; exitCode: number | null }
}

export interface TaskProfile {
  task: string
  wallSeconds: number
  cpuSeconds: number
  cached: boolean
  exitCode: number | null
}

/** The tasks of a turbo run summary with the CPU each used, longest CPU first. */
export function profileTasks(tasks: SummaryTask[], cpuByHash: Map<string, number>): TaskProfile[] {
  return tasks
    .map((t) => ({
      task: t.taskId,
      wallSeconds: t.execution ? (t.execution.endTime - t.execution.startTime) / 1000 : 0,
      cpuSeconds: cpuByHash.get(t.hash) ?? 0,
      cached: t.cache.status === 'HIT',
      exitCode: t.execution?.exitCode ?? null,
    }))
    .sort((a, b) => b.cpuSeconds - a.cpuSeconds || b.wallSeconds - a.wallSeconds)
}

/** The turbo arguments of the root `test` script (`turbo run a b c --flag`), minus `turbo run`. */
function testPipelineArgs(): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [command, run, ...args] = (manifest.scripts.test ?? '').split(/\s+/)
  if (command !== 'turbo' || run !== 'run') throw new Error('the root test script is not `turbo run …`')
  return args
}

function newestSummary(after: number): string | undefined {
  const dir = join(root, '.turbo', 'runs')
  const files = readdirSync(dir)
    .map((f) => join(dir, f))
    .filter((f) => f.endsWith('.json') && statSync(f).mtimeMs >= after)
  return files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
}

async function main() {
  const passed = process.argv.slice(2)
  const keepCache = passed.includes('--cached')
  const turboArgs = [
    'run',
    ...testPipelineArgs(),
    '--summarize',
    '--continue',
    ...(keepCache ? [] : ['--force']),
    ...passed.filter((a) => a !== '--cached'),
  ]
  const startedAt = Date.now()
  const busyBefore = machineBusySeconds()
  const watch = watchTaskCpu()
  const turbo = spawn(join(root, 'node_modules', '.bin', 'turbo'), turboArgs, { cwd: root, stdio: 'inherit' })
  const exitCode = await new Promise<number>((done) => turbo.on('exit', (code) => done(code ?? 1)))
  const cpuByHash = watch.stop()
  const wall = (Date.now() - startedAt) / 1000
  const machine = machineBusySeconds() - busyBefore

  const summaryFile = newestSummary(startedAt)
  if (!summaryFile) throw new Error('turbo wrote no run summary')
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as { tasks: SummaryTask[] }
  const profile = profileTasks(summary.tasks, cpuByHash)
  const ran = profile.filter((t) => !t.cached)
  const sum = (key: 'wallSeconds' | 'cpuSeconds') => ran.reduce((s, t) => s + t[key], 0)
  const fmt = (n: number) => n.toFixed(1)
  printTable(
    `pnpm test, turbo cache ${keepCache ? 'kept' : 'bypassed'}`,
    ['task', 'wall s', 'CPU s'],
    [
      ...ran.map((t) => [
        `\`${t.task}\`${t.exitCode ? ` (exit ${t.exitCode})` : ''}`,
        fmt(t.wallSeconds),
        fmt(t.cpuSeconds),
      ]),
      [
        `${ran.length} tasks (${profile.length - ran.length} from cache)`,
        fmt(sum('wallSeconds')),
        fmt(sum('cpuSeconds')),
      ],
    ],
  )
  printNote(
    `run: ${fmt(wall)} s wall, ${fmt(machine)} CPU-s on the machine (${fmt(machine - sum('cpuSeconds'))} of them outside the tasks' processes: PostgreSQL, turbo, this profiler, anything else running)`,
  )
  process.exitCode = exitCode
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
