/**
 * The pipeline before the services start (`turbo run build docs`), with a line per task turbo has
 * to run, so a cold start on a fresh clone shows what it is doing. Tasks answered from turbo's cache
 * are only counted. A failing task's whole output is printed.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Managed } from './children.js'

export interface BuildResult {
  ok: boolean
  built: number
  cached: number
  seconds: number
}

const TASK_START = /^(\S+?):([\w:-]+): cache (miss|bypass|hit)/

const TURBO = [
  'pnpm',
  'exec',
  'turbo',
  'run',
  'build',
  'docs',
  '--concurrency=100%',
  '--output-logs=new-only',
]

export function runBuild(
  root: string,
  say: (line: string) => void,
  track: (child: Managed) => void,
  [command = 'pnpm', ...args]: string[] = TURBO,
) {
  const started = Date.now()
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0', TURBO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  track({ name: 'build', child })
  const output = new Map<string, string[]>()
  const other: string[] = []
  let built = 0
  let cached = 0
  let running = 0
  const ticker = setInterval(() => {
    say(
      `  … still building (${Math.round((Date.now() - started) / 1000)} s${running ? '' : ', turbo is hashing'})`,
    )
  }, 15_000)
  const onLine = (line: string) => {
    const start = TASK_START.exec(line)
    if (start) {
      const [, pkg = '', task = '', how] = start
      if (how === 'hit') cached++
      else {
        built++
        running++
        say(`  building ${pkg.replace('@apiplatform/', '')} (${task})`)
      }
      return
    }
    const prefix = /^(\S+?:[\w:-]+): (.*)$/.exec(line)
    if (prefix?.[1]) {
      const lines = output.get(prefix[1]) ?? []
      lines.push(prefix[2] ?? '')
      output.set(prefix[1], lines)
    } else other.push(line)
  }
  createInterface({ input: child.stdout }).on('line', onLine)
  createInterface({ input: child.stderr }).on('line', onLine)
  return new Promise<BuildResult>((resolve) => {
    child.once('exit', (code, signal) => {
      clearInterval(ticker)
      const seconds = Math.round((Date.now() - started) / 100) / 10
      if (code !== 0 && !signal) {
        // turbo names the failed task; show its whole output
        const failed = other.filter((l) => /ERROR|error|failed/.test(l))
        const names = [...output.keys()].filter((name) =>
          other.some((l) => l.includes(name.replace(':', '#'))),
        )
        for (const name of names) for (const l of output.get(name) ?? []) say(`  ${name}: ${l}`)
        for (const l of failed) say(`  ${l}`)
      }
      resolve({ ok: code === 0, built, cached, seconds })
    })
  })
}
