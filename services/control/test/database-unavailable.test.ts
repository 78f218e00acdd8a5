/**
 * Every operation but liveness needs the database: while it cannot be reached, each answers its
 * documented 503 with `Retry-After` and logs the failure (liveness answers 412, its own test).
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { bundledSpec, useService } from './harness.js'
import { FAULTY, it503 } from './statuses.js'
import { FRESH_REQUESTS, VALID_REQUESTS } from './valid-requests.js'

const operations = Object.values(
  bundledSpec.paths as Record<string, Record<string, { operationId?: string }>>,
)
  .flatMap((item) => Object.values(item).map((op) => op.operationId))
  .filter((id): id is string => id !== undefined && id !== 'liveness')

describe.each(testDatabaseKinds())('database unavailable (%s)', (kind) => {
  const t = useService(kind, FAULTY)
  for (const operationId of operations)
    describe(operationId, () =>
      it503(t, operationId, FRESH_REQUESTS[operationId] ?? VALID_REQUESTS[operationId]),
    )
})
