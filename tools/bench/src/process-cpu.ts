/**
 * CPU time of the processes of each turbo task, read from `/proc`.
 *
 * turbo starts every task with `TURBO_HASH=<task hash>` in its environment, and every process the
 * task starts (pnpm, vitest workers, tsc, Chromium, spawned services) inherits it. A process's
 * `utime + stime` counts its own CPU and `cutime + cstime` the CPU of its children it has reaped,
 * so at any moment the sum of all four over a task's live processes is everything the task has
 * used so far; the largest sum seen is the task's total (the last look misses at most one
 * interval of work). Work done for a task by processes it did not start (the PostgreSQL server's
 * backends) is not counted: the machine total shows it.
 */
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100

/** Fields 14-17 of `/proc/<pid>/stat` (after the parenthesised command name), in clock ticks. */
export function cpuTicksOfStat(stat: string): number | undefined {
  const afterName = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // afterName[0] is field 3 (state); utime is field 14.
  const [utime, stime, cutime, cstime] = afterName.slice(11, 15).map(Number)
  if ([utime, stime, cutime, cstime].some((n) => n === undefined || Number.isNaN(n))) return undefined
  return (utime as number) + (stime as number) + (cutime as number) + (cstime as number)
}

/** The `TURBO_HASH` of a process environment (`/proc/<pid>/environ`: NUL-separated). */
export function turboHashOfEnviron(environ: string): string | undefined {
  for (const entry of environ.split('\0')) if (entry.startsWith('TURBO_HASH=')) return entry.slice(11)
  return undefined
}

/** CPU ticks used since boot by the whole machine (`/proc/stat`'s first line, idle and iowait excluded). */
export function machineBusyTicks(procStat: string): number {
  const [, ...values] = (procStat.split('\n')[0] ?? '').trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number)
  return [user, nice, system, irq, softirq, steal].reduce<number>((sum, n) => sum + (n ?? 0), 0)
}

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/** Looks at `/proc` every `intervalMs` until stopped; `stop()` returns CPU-seconds per task hash. */
export function watchTaskCpu(intervalMs = 250): { stop(): Map<string, number> } {
  // A pid's hash never changes while it lives; a reused pid gets a new start time in its key.
  const hashOfProcess = new Map<string, string | null>()
  const peak = new Map<string, number>()
  const look = () => {
    const now = new Map<string, number>()
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      const stat = read(`/proc/${pid}/stat`)
      const ticks = stat === undefined ? undefined : cpuTicksOfStat(stat)
      if (stat === undefined || ticks === undefined) continue
      const key = `${pid}:${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`
      let hash = hashOfProcess.get(key)
      if (hash === undefined) {
        hash = turboHashOfEnviron(read(`/proc/${pid}/environ`) ?? '') ?? null
        hashOfProcess.set(key, hash)
      }
      if (hash) now.set(hash, (now.get(hash) ?? 0) + ticks)
    }
    for (const [hash, ticks] of now) peak.set(hash, Math.max(peak.get(hash) ?? 0, ticks))
  }
  look()
  const timer = setInterval(look, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      look()
      return new Map([...peak].map(([hash, ticks]) => [hash, ticks / TICKS_PER_SECOND]))
    },
  }
}

/** CPU-seconds the whole machine has been busy since boot. */
export function machineBusySeconds(): number {
  return machineBusyTicks(read('/proc/stat') ?? '') / TICKS_PER_SECOND
}
