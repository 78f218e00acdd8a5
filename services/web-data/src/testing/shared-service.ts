import stringify from 'safe-stable-stringify'
import {
  type FaultyTestService,
  startFaultyTestService,
  startTestService,
  type TestService,
  type TestServiceOptions,
} from './harness.js'

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

/**
 * What `startTestService` does with an option left unset: a block that spells a default out gets
 * the same service as the blocks that leave it unset, rather than a database (and a browser) of
 * its own.
 */
const UNSET: Partial<Record<keyof TestServiceOptions, unknown>> = {
  kind: 'pglite',
  worker: true,
  allowPrivateUrls: true,
  agentStepMs: 0,
  maxBodyBytes: 1_000_000,
  maxBrowserSessionsPerTeam: 5,
}

/** The options that tell two services apart. */
function serviceKey(options: TestServiceOptions): string {
  // Teams are made per block, so their credits do not tell two services apart.
  const { credits: _credits, fresh: _fresh, ...serviceOptions } = options
  return stringify(
    Object.fromEntries(
      Object.entries(serviceOptions).filter(
        ([name, value]) => value !== undefined && UNSET[name as keyof TestServiceOptions] !== value,
      ),
    ),
  )
}

function sharedService(options: TestServiceOptions): Shared {
  const { credits: _credits, fresh: _fresh, ...serviceOptions } = options
  const key = serviceKey(serviceOptions)
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

const sharedFaulty = new Map<string, Promise<FaultyTestService>>()

/**
 * The worker's faulty service of `options` (`startFaultyTestService`), seen through a new team
 * like `startSharedTestService`. Blocks can share it because a failure lasts for one request
 * (`expectDatabaseFailure` heals the database before it returns), a block reads only the log
 * lines logged since it made its request, the service runs no job worker (unless `worker` is
 * given) that a failure could reach, and the caches that a failure must meet cold or warm
 * (keys, team limits) are per key and team.
 */
export async function startSharedFaultyTestService(
  options: TestServiceOptions = {},
): Promise<FaultyTestService> {
  const key = serviceKey({ worker: false, ...options })
  let started = sharedFaulty.get(key)
  if (!started) {
    started = startFaultyTestService(options)
    // A failed start is not kept: the next block tries again and reports its own error.
    started.catch(() => sharedFaulty.delete(key))
    sharedFaulty.set(key, started)
  }
  const base = await started
  const team = await base.newTeam(options.credits ?? 100_000)
  return {
    ...base,
    service: { ...base.service, apiKey: team.key, generatedKey: false },
    apiKey: team.key,
    client: base.clientWith(team.key),
    // Ends with the worker, like the shared services.
    stop: async () => {},
  }
}
