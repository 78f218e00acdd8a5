/**
 * Benchmark (not a test): `ratelimit.limit` under load, c=10, against bare Hono (reading the JSON
 * body, and not), the framework floor and Prism, in alternating rounds (see operation-bench.ts).
 * Two workloads, each on a service of its own: one hot identifier, and 10,000 identifiers taken in
 * turn (fresh ones each round, so a round of fewer than 10,000 requests meets only new
 * identifiers, each paying its first lease). The limit is never reached: every request counts.
 * BENCH_LEASES_OFF=1 adds 10,000 identifiers with permit leasing off
 * (CONTROL_RATELIMIT_LEASES=0: one statement per decision).
 */
import { fmtRatio, ratios } from '@apiplatform/bench'
import type { Workload } from './operation-bench.js'
import { runOperationBench } from './operation-bench.js'

const IDENTIFIERS = 10_000
const run = Date.now()
const request = { namespace: 'bench.requests', limit: 1_000_000_000, duration: 60_000, identifier: 'sample' }
const many = (name: string, env?: Record<string, string>): Workload => ({
  name,
  ...(env ? { env } : {}),
  body: (base, round) => (i: number) => ({
    ...(base as object),
    identifier: `r${run}_${round}_${i % IDENTIFIERS}`,
  }),
})

await runOperationBench({
  operationId: 'ratelimit.limit',
  prepare: async () => request,
  workloads: [
    {
      name: 'one identifier',
      body: (base, round) => ({ ...(base as object), identifier: `one_${run}_${round}` }),
    },
    many(`${IDENTIFIERS.toLocaleString('en-US')} identifiers`),
    ...(process.env.BENCH_LEASES_OFF === '1'
      ? [
          many(`${IDENTIFIERS.toLocaleString('en-US')} identifiers, leasing off`, {
            CONTROL_RATELIMIT_LEASES: '0',
          }),
        ]
      : []),
  ],
  notes: (rates) => {
    const [one, ...others] = [...rates]
    if (!one) return []
    return others
      .filter(([name]) => name.includes(one[0].slice(one[0].lastIndexOf('('))))
      .map(
        ([name, xs]) =>
          `${name} ÷ ${one[0]}: ${fmtRatio(ratios(xs, one[1]))} (same rounds; goal ≥ 0.5× with 10,000 identifiers)`,
      )
  },
})
