import stringify from 'safe-stable-stringify'
import { startTestService, type TestService, type TestServiceOptions } from './harness.js'

/**
 * One service per test worker and set of service options: test files run without isolation in a
 * worker (see vitest.config.ts), so they share it, and the database and the service start once per
 * worker instead of once per describe block. Everything the API does is scoped to a team, and each
 * block gets a team of its own, so blocks stay independent.
 */
interface Shared {
  service: Promise<TestService>
  worker: boolean
  /** Blocks using the service now; its job worker polls only while there are some. */
  users: number
}

const shared = new Map<string, Shared>()

function sharedService(options: TestServiceOptions): Shared {
  // Teams are made per block, so their credits do not tell two services apart.
  const { credits: _credits, fresh: _fresh, ...serviceOptions } = options
  const key = stringify({ kind: 'pglite', worker: true, ...serviceOptions })
  let entry = shared.get(key)
  if (!entry) {
    const service = startTestService(serviceOptions)
    // A failed start is not kept: the next block tries again and reports its own error.
    service.catch(() => shared.delete(key))
    entry = { service, worker: serviceOptions.worker ?? true, users: 0 }
    shared.set(key, entry)
  }
  return entry
}

/**
 * The worker's service of `options`, seen through a new team with `credits` (default as
 * `startTestService`'s bootstrap team): `apiKey` and `client` are that team's. `stop` leaves the
 * service running for the other blocks; it ends with the worker.
 */
export async function startSharedTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const entry = sharedService(options)
  const base = await entry.service
  entry.users++
  // Idle services of finished blocks would otherwise poll for jobs (and run leftover ones) all along.
  if (entry.worker) base.service.queue.start()
  const team = await base.newTeam(options.credits ?? 100_000)
  let stopped = false
  return {
    ...base,
    service: { ...base.service, apiKey: team.key, generatedKey: false },
    apiKey: team.key,
    client: base.clientWith(team.key),
    stop: async () => {
      if (stopped) return
      stopped = true
      entry.users--
      if (entry.users === 0 && entry.worker) await base.service.queue.stop()
    },
  }
}
