/**
 * Every operation but liveness needs the database: while it cannot be reached, each answers its
 * documented 503 with `Retry-After` and logs the failure (liveness answers 412, its own test).
 */
import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { bundledSpec, useService } from './harness.js'
import { FAULTY, it503 } from './statuses.js'

const operations = Object.values(
  bundledSpec.paths as Record<string, Record<string, { operationId?: string }>>,
)
  .flatMap((item) => Object.values(item).map((op) => op.operationId))
  .filter((id): id is string => id !== undefined && id !== 'liveness')

/** Operations whose request must be fresh each time (their 500 tests send the same). */
const freshKey = () => ({ key: `acme_${randomToken(24)}` })
const freshLimit = () => ({
  namespace: `ns_${randomToken(8)}`,
  identifier: 'user_8412',
  limit: 100,
  duration: 60000,
})
const BODIES: Record<string, () => unknown> = {
  'keys.verifyKey': freshKey,
  'keys.whoami': freshKey,
  'ratelimit.limit': freshLimit,
  'ratelimit.multiLimit': () => [freshLimit()],
}

describe.each(testDatabaseKinds())('database unavailable (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  for (const operationId of operations)
    describe(operationId, () =>
      BODIES[operationId] ? it503(t, operationId, BODIES[operationId]) : it503(t, operationId),
    )
})
