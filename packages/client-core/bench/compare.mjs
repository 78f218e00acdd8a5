// What each client's `pnpm bench` shares: time per call against a local server in another process,
// every contender in the same rounds, the best round of each against raw fetch.
import { fork } from 'node:child_process'

const N = Number(process.env.BENCH_N ?? 3000)
const ROUNDS = 5

/**
 * @param {string} body what the server answers every request with
 * @param {(baseUrl: string) => Record<string, () => Promise<unknown>>} contenders by label; 'raw fetch' is the baseline
 */
export async function compareCalls(body, contenders) {
  const child = fork(new URL('./server.mjs', import.meta.url), [body])
  const port = await new Promise((r) => child.once('message', r))
  const cases = contenders(`http://127.0.0.1:${port}`)
  const best = {}
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      for (let i = 0; i < 200; i++) await fn() // warm-up
      const t = performance.now()
      for (let i = 0; i < N; i++) await fn()
      const us = ((performance.now() - t) * 1000) / N
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, us)
    }
  }
  child.kill()
  const base = best['raw fetch']
  console.log(`Node ${process.version}, ${N} sequential calls × ${ROUNDS} rounds, best round:`)
  for (const [name, us] of Object.entries(best)) {
    console.log(
      `${name.padEnd(26)} ${us.toFixed(1).padStart(7)} µs/call  ${(us / base).toFixed(2)}× raw fetch`,
    )
  }
  process.exit(0)
}
