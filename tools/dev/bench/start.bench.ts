/**
 * Start-up and footprint of the stand-ins (a benchmark, not a test; `pnpm --dir tools/dev bench`):
 *
 * 1. one service from spawn to its first answered API request, on existing data (built, its
 *    database created by an unmeasured first start) and on fresh data, and its idle RSS a few
 *    seconds later, against Prism mocking the same API from its bundle (what a team would run
 *    instead) and bare Node serving HTTP (the floor of any Node service), in alternating rounds;
 *    and in the same rounds the programmatic start other teams' tests use
 *    (`startControlService({ port: 0, storage: 'memory' })`, `startWebDataService(…)`), from the
 *    call to the first answered request, each in a fresh process (bench/programmatic-start.mjs);
 * 2. the RSS of the whole `pnpm start` stack once its banner is out (every process, pnpm included);
 * 3. a cold `pnpm start` (turbo's cache bypassed): time to the banner, to its first progress line,
 *    and the longest silence.
 *
 * BENCH_PARTS=startup,footprint,cold picks the parts (default startup,footprint: the cold start
 * rebuilds every package); BENCH_ROUNDS the rounds of the first, `--quick` fewer and shorter.
 */
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import {
  alternate,
  answers,
  fmt,
  fmtRatio,
  machineNote,
  printNote,
  printTable,
  quick,
  ratios,
  rssMb,
  spawnServer,
  startPrism,
  summarize,
} from '@apiplatform/bench'
import { descendants, root, runStart } from '../src/testing.js'

const temp = mkdtempSync(join(tmpdir(), 'start-bench-'))
/** How long a started process is left idle before its RSS is read. */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? (quick ? 1000 : 3000))
const ROOT_KEY = 'ck_start_bench_root_key'
const API_KEY = 'wd-start-bench-key'

/** The first API request each API answers: a real operation, authenticated. */
const firstRequest = {
  control: {
    path: '/v2/keys.verifyKey',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'sk_start_bench_unknown' }),
    },
  },
  'web-data': {
    path: '/v2/team/credit-usage',
    init: { headers: { authorization: `Bearer ${API_KEY}` } },
  },
} as const

interface Started {
  ms: number
  rssMb: number
  /** The programmatic start only: the import of the package, before the call. */
  importMs?: number
}

const PROGRAMMATIC = fileURLToPath(new URL('./programmatic-start.mjs', import.meta.url))

/** `start…Service({ port: 0, storage: 'memory' })` in a fresh Node process: call → first 2xx, its RSS SETTLE_MS later. */
async function programmaticStart(name: 'control' | 'web-data'): Promise<Started> {
  const credential = name === 'control' ? ROOT_KEY : API_KEY
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [PROGRAMMATIC, name, credential, String(SETTLE_MS)],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn' } },
  )
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Started
}

/** Spawn → first 2xx of `request`; then idle for SETTLE_MS, its RSS, and the process stopped. */
async function startOnce(
  spawnIt: () => ReturnType<typeof spawnServer>,
  request: { path: string; init?: RequestInit },
): Promise<Started> {
  const spawned = performance.now()
  const child = await spawnIt()
  try {
    await answers(`${child.url}${request.path}`, request.init)
    const ms = performance.now() - spawned
    await new Promise((r) => setTimeout(r, SETTLE_MS))
    return { ms, rssMb: rssMb(child.pid) }
  } finally {
    await child.stop()
  }
}

const FLOOR = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log('bare listening on http://127.0.0.1:' + this.address().port) })`
const LISTENING = /listening on (http:\/\/[^\s"]+)/

async function startup() {
  const service = (name: 'control' | 'web-data', dataDir: () => string) => () =>
    spawnServer(process.execPath, [`services/${name}/dist/main.js`], {
      cwd: root,
      env: {
        PORT: '0',
        DATA_DIR: dataDir(),
        LOG_LEVEL: 'warn',
        CONTROL_ROOT_KEY: ROOT_KEY,
        WEB_DATA_API_KEY: API_KEY,
      },
      urlPattern: LISTENING,
    })
  let fresh = 0
  const freshDir = () => join(temp, `fresh-${fresh++}`)
  const contenders = [
    {
      name: 'bare Node HTTP server (floor)',
      measure: () =>
        startOnce(() => spawnServer(process.execPath, ['-e', FLOOR], { urlPattern: LISTENING }), {
          path: '/',
        }),
    },
    ...(['control', 'web-data'] as const).flatMap((name) => [
      {
        name: `${name}, existing data`,
        measure: () =>
          startOnce(
            service(name, () => join(temp, name)),
            firstRequest[name],
          ),
      },
      {
        name: `${name}, fresh data`,
        measure: () => startOnce(service(name, freshDir), firstRequest[name]),
      },
      {
        name: `${name}, programmatic start in memory`,
        measure: () => programmaticStart(name),
      },
      {
        name: `Prism on the ${name} bundle`,
        measure: () =>
          startOnce(() => startPrism(join(root, `specs/${name}/dist/openapi.json`)), firstRequest[name]),
      },
    ]),
  ]
  // The first start creates and migrates each database: not measured.
  for (const name of ['control', 'web-data'] as const)
    await startOnce(
      service(name, () => join(temp, name)),
      firstRequest[name],
    )
  const note = machineNote()
  const results = await alternate(contenders, {
    describe: (r) => `${Math.round(r.ms)} ms, ${Math.round(r.rssMb)} MB`,
  })
  const of = (name: string, pick: keyof Started) =>
    (results.get(name) ?? []).map((r) => r[pick] ?? Number.NaN)
  printTable(
    'one process, spawn → first answered API request, and its RSS once idle: median (range)',
    ['target', 'spawn → first answer (ms)', `RSS ${SETTLE_MS / 1000} s later (MB)`],
    contenders.map(({ name }) => [name, fmt(summarize(of(name, 'ms'))), fmt(summarize(of(name, 'rssMb')))]),
  )
  printTable(
    'ours as a ratio of Prism on the same API, same round (below 1: ours starts faster / uses less)',
    [
      'service',
      'start, existing data',
      'start, fresh data',
      'programmatic start, memory',
      'RSS, existing data',
      'RSS, fresh data',
    ],
    (['control', 'web-data'] as const).map((name) => {
      const prism = `Prism on the ${name} bundle`
      return [
        name,
        fmtRatio(ratios(of(`${name}, existing data`, 'ms'), of(prism, 'ms'))),
        fmtRatio(ratios(of(`${name}, fresh data`, 'ms'), of(prism, 'ms'))),
        fmtRatio(ratios(of(`${name}, programmatic start in memory`, 'ms'), of(prism, 'ms'))),
        fmtRatio(ratios(of(`${name}, existing data`, 'rssMb'), of(prism, 'rssMb'))),
        fmtRatio(ratios(of(`${name}, fresh data`, 'rssMb'), of(prism, 'rssMb'))),
      ]
    }),
  )
  printTable(
    'programmatic start in a fresh process: the import of the package (before the call), median (range)',
    ['service', 'import (ms)', 'call → first answer (ms)'],
    (['control', 'web-data'] as const).map((name) => [
      name,
      fmt(summarize(of(`${name}, programmatic start in memory`, 'importMs'))),
      fmt(summarize(of(`${name}, programmatic start in memory`, 'ms'))),
    ]),
  )
  printNote(
    [
      'Ours: `node services/<name>/dist/main.js` on embedded PGlite (existing data: a DATA_DIR an unmeasured first start created;',
      'fresh: a new one each time); first answer: control `keys.verifyKey` (an unknown key), web-data `GET /v2/team/credit-usage`,',
      'the same for Prism (`prism mock`, @stoplight/prism-cli 5.16.0). Goal per service on embedded storage: ≤ 1.0 s and ≤ 250 MB.',
      "Programmatic start: `start…Service({ port: 0, storage: 'memory' })` in a fresh Node process from the call to the first",
      'answer to the same request (the import before the call not counted; its own table); goal ≤ 0.5 s.',
      `Started ${note}.`,
    ].join('\n'),
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
  const parts = (process.env.BENCH_PARTS ?? 'startup,footprint').split(',')
  if (parts.includes('startup')) await startup()
  if (parts.includes('footprint')) await footprint()
  if (parts.includes('cold')) await cold()
} finally {
  rmSync(temp, { recursive: true, force: true })
}
