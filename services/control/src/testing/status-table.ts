/**
 * The statuses whose test is the same for every operation but for the request it sends: the rows
 * `generic-statuses.test.ts` runs. A status an operation answers for a reason of its own keeps its
 * `src/routes/<operationId>/<status>.test.ts` instead; one every operation answers for the same
 * reason at the edge or in the database has one suite of its own (`CROSS_CUTTING`).
 *
 * - 429 and 500: every operation of the bundled spec that documents them.
 * - 401 and 403: every operation of the bundled spec that documents them (`AUTH_REQUESTS`), with its
 *   valid request (`valid-calls.ts`), but those an own status file tests.
 * - 400, 412 and 422: the three query-string analytics operations, whose query checks are shared.
 *
 * Plain data and functions (no test framework), so that other suites can read the table too.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { REQUEST_BODIES, VALID_REQUESTS } from './valid-calls.js'

const spec = createRequire(import.meta.url)('@apiplatform/control-spec/openapi.json') as OpenApiDocument

export interface StatusRow {
  operationId: string
  status: string
}

/** Statuses every operation documenting them answers for the same reason. */
export const EVERY_OPERATION_STATUSES: readonly string[] = ['429', '500']

/**
 * Statuses any operation may answer, each with the suite (under `services/control/`) that drives
 * every operation into it.
 */
export const CROSS_CUTTING: Readonly<Record<string, string>> = {
  '400': 'src/http/edge-statuses.test.ts',
  // Every write documents them for its Idempotency-Key (one middleware, on the operations the spec
  // declares the header on); an operation's own 409/422 for other reasons keeps its own file.
  '409': 'src/idempotency.test.ts',
  '422': 'src/idempotency.test.ts',
  '413': 'src/http/payload-too-large.test.ts',
  '503': 'src/database-unavailable.test.ts',
}

/** The statuses of the 401 and 403 rows. */
const AUTH_STATUSES: readonly string[] = ['401', '403']

/**
 * The requests of the 401 and 403 rows that are not the operation's valid request
 * (`VALID_REQUESTS`), each with why. Empty: 401 and 403 are decided before any lookup, so the valid
 * request serves.
 */
export const AUTH_OVERRIDES: Readonly<Record<string, unknown>> = {}

/**
 * The 401 and 403 rows: each of the two statuses an operation documents and does not test in a
 * status file of its own (403 has one where the operation's permission check is not the generic
 * one), with the request it is sent. An operation with a request body but no request (no example
 * and no override) is absent, so the coverage test names its statuses.
 */
export const AUTH_REQUESTS: Readonly<Record<string, { statuses: readonly string[]; request: unknown }>> =
  authRequests(ownStatusFiles())

function authRequests(ownFiles: Map<string, string[]>) {
  return Object.fromEntries(
    [...documentedStatuses()].flatMap(([operationId, documented]) => {
      const own = ownFiles.get(operationId) ?? []
      const statuses = AUTH_STATUSES.filter((s) => documented.includes(s) && !own.includes(s))
      const request =
        operationId in AUTH_OVERRIDES ? AUTH_OVERRIDES[operationId] : VALID_REQUESTS[operationId]
      const usable = request !== undefined || REQUEST_BODIES.get(operationId) === undefined
      return statuses.length && usable ? [[operationId, { statuses, request }]] : []
    }),
  )
}

/** The analytics operations that take a query string and share its 400, 412 and 422 tests. */
export const QUERY_OPERATIONS = [
  'analytics.getGatewayRequests',
  'analytics.getRatelimits',
  'analytics.getRuntimeLogs',
] as const
export const QUERY_STATUSES: readonly string[] = ['400', '412', '422']

/** Each operation of the bundled spec with the statuses it documents, in the spec's order. */
export function documentedStatuses(): Map<string, string[]> {
  return new Map(
    walkOperations(spec).flatMap(({ operationId, statuses }) =>
      operationId ? [[operationId, statuses.filter((s) => /^\d{3}$/.test(s))] as const] : [],
    ),
  )
}

/** The statuses each operation's own `src/routes/<operationId>/<status>.test.ts` files test. */
export function ownStatusFiles(): Map<string, string[]> {
  const dir = path.resolve(import.meta.dirname, '..', 'routes')
  const out = new Map<string, string[]>()
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const statuses = fs
      .readdirSync(path.join(dir, entry.name))
      .flatMap((f) => /^(\d{3})\.test\.ts$/.exec(f)?.[1] ?? [])
    if (statuses.length) out.set(entry.name, statuses)
  }
  return out
}

/** The (operation, status) pairs the table test runs. */
export function statusTable(): StatusRow[] {
  const rows: StatusRow[] = []
  for (const [operationId, statuses] of documentedStatuses()) {
    for (const status of EVERY_OPERATION_STATUSES)
      if (statuses.includes(status)) rows.push({ operationId, status })
  }
  for (const [operationId, { statuses }] of Object.entries(AUTH_REQUESTS))
    for (const status of statuses) rows.push({ operationId, status })
  for (const operationId of QUERY_OPERATIONS)
    for (const status of QUERY_STATUSES) rows.push({ operationId, status })
  return rows
}
