/**
 * How long and how often a benchmark measures. `--quick` (or BENCH_QUICK=1) is for developing a
 * benchmark on a busy machine: fewer rounds, shorter loads, smaller sites; its figures are not
 * for the READMEs. Each value can still be set on its own (BENCH_ROUNDS, BENCH_SECONDS, …).
 */
export const quick = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1'

function setting(name: string, full: number, short: number): number {
  const value = process.env[name]
  return value ? Number(value) : quick ? short : full
}

export const settings = {
  quick,
  /** Alternating rounds: every contender measured once per round. */
  rounds: setting('BENCH_ROUNDS', 3, 2),
  /** Seconds of each HTTP load. */
  seconds: setting('BENCH_SECONDS', 10, 2),
  /** Seconds of the unreported warm-up load each server gets first. */
  warmUpSeconds: setting('BENCH_WARMUP_SECONDS', 2, 1),
  /** Connections of each HTTP load (the c of c=10). */
  connections: setting('BENCH_CONNECTIONS', 10, 10),
}
