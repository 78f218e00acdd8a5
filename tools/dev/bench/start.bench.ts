/**
 * Start-up and footprint of the stand-ins (a benchmark, not a test; `pnpm --dir tools/dev bench`):
 *
 * 1. one service from spawn to its first answered request, warm (built, existing data), against
 *    bare Node serving HTTP (the floor of any Node service) and the same service through tsx, in
 *    alternating rounds of the same run;
 * 2. the RSS of the whole `pnpm start` stack once its banner is out (every process, pnpm included);
 * 3. a cold `pnpm start` (turbo's cache bypassed): time to the banner, to its first progress line,
 *    and the longest silence (BENCH_COLD=0 skips it).
 *
 * BENCH_PARTS=startup,footprint,cold picks the parts; BENCH_ROUNDS the rounds of the first.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { answers } from '../src/children.js'
import { descendants, root, runStart } from '../src/testing.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const temp = mkdtempSync(join(tmpdir(), 'start-bench-'))
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

/** Spawn → first 200 of `path`, in ms; the process is stopped afterwards. */
async function timeToFirstAnswer(command: string, args: string[], env: NodeJS.ProcessEnv, path: string) {
  const started = performance.now()
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.once('exit', () => reject(new Error(`exited:\n${output}`)))
  })
  await answers(`${url}${path}`)
  const ms = performance.now() - started
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
  return ms
}

const FLOOR = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('bare listening on http://127.0.0.1:' + this.address().port) })`

async function startup() {
  console.log(
    `\n1. one service, spawn → first answered request, warm (median of ${ROUNDS}, alternating rounds)\n`,
  )
  const targets = [
    {
      name: 'bare Node HTTP server (floor)',
      command: process.execPath,
      args: ['-e', FLOOR],
      env: {},
      path: '/',
    },
    ...(['control', 'web-data'] as const).flatMap((service) => {
      const env = { PORT: '0', DATA_DIR: join(temp, service), LOG_LEVEL: 'warn' }
      return [
        {
          name: `${service}: node dist/main.js`,
          command: process.execPath,
          args: [`services/${service}/dist/main.js`],
          env,
          path: '/openapi.json',
        },
        {
          name: `${service}: tsx src/main.ts`,
          command: join(root, 'node_modules/.bin/tsx'),
          args: [`services/${service}/src/main.ts`],
          env,
          path: '/openapi.json',
        },
      ]
    }),
  ]
  // the first start creates and migrates each database: not measured
  for (const t of targets) await timeToFirstAnswer(t.command, t.args, t.env, t.path)
  const times = new Map(targets.map((t) => [t.name, [] as number[]]))
  for (let round = 0; round < ROUNDS; round++)
    for (const t of targets)
      times.get(t.name)?.push(await timeToFirstAnswer(t.command, t.args, t.env, t.path))
  const floor = median(times.get(targets[0]?.name ?? '') ?? [])
  console.log('| target | median (ms) | range (ms) | vs floor |\n|---|---:|---:|---:|')
  for (const [name, xs] of times)
    console.log(
      `| ${name} | ${Math.round(median(xs))} | ${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} | ${(median(xs) / floor).toFixed(1)}× |`,
    )
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  } catch {
    return 0
  }
}

async function footprint() {
  console.log('\n2. the `pnpm start` stack once its banner is out (warm, ports 0, its own DATA_DIR)\n')
  // warm: the databases exist (creating one costs PGlite's initdb, and its memory stays)
  const first = runStart(
    { CONTROL_PORT: '0', WEB_DATA_PORT: '0', DOCS_PORT: '0', DATA_DIR: join(temp, 'stack') },
    'pnpm',
  )
  await first.waitFor('Ctrl-C stops everything')
  process.kill(-(first.child.pid as number), 'SIGINT')
  await first.exit
  const run = runStart(
    { CONTROL_PORT: '0', WEB_DATA_PORT: '0', DOCS_PORT: '0', DATA_DIR: join(temp, 'stack') },
    'pnpm',
  )
  await run.waitFor('Ctrl-C stops everything')
  await new Promise((r) => setTimeout(r, 2000))
  const pids = [run.child.pid as number, ...descendants(run.child.pid as number)]
  let total = 0
  for (const pid of pids) {
    const kb = rssKb(pid)
    total += kb
    const args = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .slice(0, 70)
    console.log(`  ${String(Math.round(kb / 1024)).padStart(5)} MB  ${args}`)
  }
  console.log(
    `  ${String(Math.round(total / 1024)).padStart(5)} MB  in all, ${pids.length} processes (goal ≤ 500 MB)`,
  )
  process.kill(-(run.child.pid as number), 'SIGINT')
  await run.exit
}

async function cold() {
  console.log('\n3. a cold `pnpm start`: every task of the pipeline run (TURBO_FORCE), then the stack\n')
  const started = performance.now()
  const stamps: number[] = []
  const run = runStart(
    {
      START_SKIP_BUILD: '0',
      TURBO_FORCE: 'true',
      CONTROL_PORT: '0',
      WEB_DATA_PORT: '0',
      DOCS_PORT: '0',
      DATA_DIR: join(temp, 'cold'),
    },
    'pnpm',
  )
  run.child.stdout?.on('data', () => stamps.push(performance.now()))
  await run.waitFor('Ctrl-C stops everything')
  const total = performance.now() - started
  const gaps = stamps.map((t, i) => t - (stamps[i - 1] ?? started))
  const tasks = (run.output().match(/^ {2}building /gm) ?? []).length
  console.log(
    `  banner after ${(total / 1000).toFixed(1)} s; first line after ${(((stamps[0] ?? total) - started) / 1000).toFixed(1)} s; longest silence ${(Math.max(...gaps) / 1000).toFixed(1)} s; ${tasks} tasks named as they started`,
  )
  process.kill(-(run.child.pid as number), 'SIGINT')
  await run.exit
}

try {
  console.log(
    `machine: ${execFileSync('nproc', { encoding: 'utf8' }).trim()} CPUs, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  )
  const parts = (process.env.BENCH_PARTS ?? 'startup,footprint,cold').split(',')
  if (parts.includes('startup')) await startup()
  if (parts.includes('footprint')) await footprint()
  if (parts.includes('cold') && process.env.BENCH_COLD !== '0') await cold()
} finally {
  rmSync(temp, { recursive: true, force: true })
}
