/**
 * Benchmark (not a test): ratelimit.limit under load against the control service in its own
 * process, compared in the same run with a bare Hono handler and the framework floor answering
 * the service's own body (see operation-bench.ts for the run). "before" counts every decision
 * with one SQL statement and its analytics insert; "after" leases permits, caches the namespace
 * and override, and batches analytics.
 *
 *   pnpm --dir services/control exec tsx bench/ratelimit-limit.bench.ts
 */
import { runOperationBench } from './operation-bench.js'

// One hot identifier per load with a limit it never reaches: every request counts on one row.
const body = { namespace: 'bench.requests', limit: 1_000_000_000, duration: 60_000 }

await runOperationBench({
  operationId: 'ratelimit.limit',
  what: 'limit',
  async prepare() {
    const started = Date.now()
    return (phase) => ({ ...body, identifier: `${phase}_${started}` })
  },
})
