// Every status an operation documents is tested, and every tested status is documented: a status
// file `services/<api>/src/routes/<operationId>/<status>.test.ts` drives the service into it (or,
// where the status comes from the official SDK's side of the wire, a conformance case does; the
// SDK suites record every answer and fail on an undocumented one). A new status in the spec without
// a test, or a test of a status the spec does not document, fails here.
import { describe, expect, it } from 'vitest'
import { type ApiName, operations, statusFiles } from './support/specs.ts'

describe.each<ApiName>(['control', 'web-data'])('%s: documented statuses', (api) => {
  const ops = operations(api)
  const files = statusFiles(api)

  it('each documented status of each operation has its status test', () => {
    const missing = ops.flatMap((op) =>
      op.statuses
        .filter((s) => !(files.get(op.operationId) ?? []).includes(s))
        .map((s) => `${op.operationId} ${s}`),
    )
    expect(missing).toEqual([])
  })

  it('each status test is of a documented status of an operation of the spec', () => {
    const byId = new Map(ops.map((op) => [op.operationId, op]))
    const stray = [...files].flatMap(([id, statuses]) =>
      statuses.filter((s) => !byId.get(id)?.statuses.includes(s)).map((s) => `${id} ${s}`),
    )
    expect(stray).toEqual([])
  })
})
