/**
 * Every operation but liveness needs the database: while it cannot be reached, each answers its
 * documented 503 with `Retry-After` and logs the failure (liveness answers 412, its own test).
 */
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { bundledSpec, useTestService } from './testing/harness.js'
import { expectDatabaseFailure, FAULTY, storeOf } from './testing/statuses.js'
import { FRESH_REQUESTS, VALID_REQUESTS } from './testing/valid-calls.js'

const operations = walkOperations(bundledSpec as OpenApiDocument)
  .map(({ operationId }) => operationId)
  .filter((id): id is string => id !== undefined && id !== 'liveness')

describe.each(testDatabaseKinds())('database unavailable (%s)', (kind) => {
  const t = useTestService({ kind, ...FAULTY })
  for (const operationId of operations)
    describe(operationId, () =>
      it(`answers 503 with Retry-After when ${storeOf(operationId)} is unreachable`, () =>
        expectDatabaseFailure(
          t,
          503,
          operationId,
          FRESH_REQUESTS[operationId] ?? VALID_REQUESTS[operationId],
        )),
    )
})
