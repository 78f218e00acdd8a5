// Every status an operation documents is tested, and every tested status is documented: a status
// file `services/<api>/src/routes/<operationId>/<status>.test.ts` drives the service into it, or a
// row of the service's status table (`STATUS_TABLES`: what its table test of the generic statuses
// runs), or, for a status every operation can answer for the same reason (the HTTP edge, the
// database), one suite of the service drives every operation into it (`CROSS_CUTTING`). The SDK
// suites add the other direction on the wire: every answer the official SDKs get must be
// documented. A new status in the spec without a test, or a test or a table row of a status the
// spec does not document, fails here.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type ApiName, operations, statusTableModule, testedStatuses } from './support/specs.ts'

const root = path.resolve(import.meta.dirname, '../../..')

const APIS: ApiName[] = ['control', 'web-data']
const TESTED = new Map(await Promise.all(APIS.map(async (api) => [api, await testedStatuses(api)] as const)))
/** Statuses any operation may answer, each with the suite that tests it, as each service declares them. */
const CROSS_CUTTING = Object.fromEntries(
  await Promise.all(APIS.map(async (api) => [api, (await statusTableModule(api)).CROSS_CUTTING] as const)),
) as Record<ApiName, Readonly<Record<string, string>>>

describe.each(APIS)('%s: documented statuses', (api) => {
  const ops = operations(api)
  const tested = TESTED.get(api) ?? new Map<string, string[]>()

  it('each documented status of each operation has its status test', () => {
    const missing = ops.flatMap((op) =>
      op.statuses
        .filter((s) => !(tested.get(op.operationId) ?? []).includes(s) && !CROSS_CUTTING[api][s])
        .map((s) => `${op.operationId} ${s}`),
    )
    expect(missing).toEqual([])
  })

  it('each cross-cutting status has its suite, which drives the service into it', () => {
    for (const [status, file] of Object.entries(CROSS_CUTTING[api])) {
      const suite = path.join(root, 'services', api, file)
      expect(fs.existsSync(suite), suite).toBe(true)
      expect(fs.readFileSync(suite, 'utf8'), `${file} tests ${status}`).toContain(status)
    }
  })

  it('each status test and table row is of a documented status of an operation of the spec', () => {
    const byId = new Map(ops.map((op) => [op.operationId, op]))
    const stray = [...tested].flatMap(([id, statuses]) =>
      statuses.filter((s) => !byId.get(id)?.statuses.includes(s)).map((s) => `${id} ${s}`),
    )
    expect(stray).toEqual([])
  })
})
