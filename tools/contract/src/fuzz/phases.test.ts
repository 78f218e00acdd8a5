/**
 * The later phases of a run against a small API with each defect they look for switched on: races
 * on one resource, reserved property names, dot segments in path parameters, stack frames in
 * answers. Each must be found when present and nothing when absent.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { exactlyOneLive, type Invariant, limitHolds } from './concurrency/rules.js'
import { formatReport } from './report.js'
import { type FuzzReport, runFuzz } from './run.js'
import { FAKE_KEY, type FakeDefect, fakeSpec, SESSION_LIMIT, startFakeApi } from './testing/fake-api.js'
import type { FuzzOptions } from './types.js'

/** The fake API's invariant table, as a service's fuzz test gives its own. */
const invariants: Invariant[] = [
  exactlyOneLive({
    operation: 'rerollItem',
    says: 'rerollItem: one live item afterwards',
    idName: 'id',
    successor: ['id'],
    get: 'getItem',
    live: (body) => (body as { live?: boolean }).live === true,
  }),
  limitHolds({
    operation: 'createSession',
    says: `createSession: at most ${SESSION_LIMIT} sessions`,
    max: SESSION_LIMIT,
    others: [429],
    list: { operation: 'listSessions', items: ['sessions'] },
    remove: { operation: 'deleteSession', idName: 'id' },
  }),
]

let api: Awaited<ReturnType<typeof startFakeApi>> | undefined
afterEach(() => api?.close())

const fuzz = async (defects: FakeDefect[], options: Partial<FuzzOptions> = {}): Promise<FuzzReport> => {
  api = await startFakeApi(defects)
  return runFuzz({
    ...options,
    spec: fakeSpec,
    baseUrl: api.url,
    credential: FAKE_KEY,
    seed: 11,
    requests: 300,
    // A loaded machine can hold a healthy answer back for seconds.
    timeoutMs: 30_000,
    invariants,
  })
}
const found = (report: FuzzReport, cls: string) =>
  report.findings.filter((f) => f.class === cls).flatMap((f) => Object.keys(f.operations))

describe('the later phases of a run', () => {
  it('find nothing in the API done right, and reach every write operation', async () => {
    const report = await fuzz([])
    const text = formatReport(report)
    expect(report.findings, text).toEqual([])
    expect(report.concurrency?.reached.sort(), text).toEqual([
      'createItem',
      'createSession',
      'deleteItem',
      'deleteSession',
      'rerollItem',
    ])
    expect(report.concurrency?.checked, text).toEqual(
      expect.arrayContaining([
        'rerollItem: one live item afterwards',
        'createSession: at most 3 sessions',
        'deleteItem: a delete succeeds once, the others answer 404',
        'createItem: a unique create succeeds once, the others answer 409',
        'deleteItem racing creates and updates of the same resource',
      ]),
    )
    expect(report.byKind['reserved-name'], text).toBeGreaterThan(0)
    expect(report.byKind['dot-segment'], text).toBe(4 * 4)
  }, 120_000)

  it('reset before each write operation, send every request of the concurrency phase through localize, and say why an operation was not reached', async () => {
    let resets = 0
    let localized = 0
    const report = await fuzz([], {
      reset: async () => {
        resets++
      },
      localize: (request) => {
        localized++
        return request
      },
    })
    const concurrency = report.concurrency
    expect(resets).toBe((concurrency?.reached.length ?? 0) + (concurrency?.unreached.length ?? 0))
    expect(localized).toBeGreaterThanOrEqual(concurrency?.sent ?? Number.POSITIVE_INFINITY)
    expect(concurrency?.reached.length).toBeGreaterThan(0)

    // Requests localized without their credential reach nothing; the report says why.
    const refused = await fuzz([], { localize: (request) => ({ ...request, authorization: null }) })
    const text = formatReport(refused)
    expect(refused.concurrency?.reached, text).toEqual([])
    expect(Object.keys(refused.concurrency?.why ?? {}).sort(), text).toEqual(
      [...(refused.concurrency?.unreached ?? [])].sort(),
    )
    expect(Object.values(refused.concurrency?.why ?? {}).join('\n'), text).toMatch(/answered 401/)
    expect(text).toMatch(/not reached: \w+ \((answered 401|no \w+ could be made)/)
  }, 120_000)

  it('find every race: a delete or a unique create that succeeds twice, a reroll that leaves two keys, a limit exceeded', async () => {
    const report = await fuzz(['race'])
    const text = formatReport(report)
    expect(new Set(found(report, 'invariant')), text).toEqual(
      new Set(['deleteItem', 'createItem', 'rerollItem', 'createSession']),
    )
    expect(text).toMatch(
      /rerollItem: one live item afterwards: 20 identical calls in parallel answered 20×200; 20 keys are live/,
    )
  }, 120_000)

  it('find a 500 on a reserved name in a JSON Schema the client sends', async () => {
    const report = await fuzz(['reserved-500'])
    const finding = report.findings.find((f) => f.class === 'server-error' && f.kind === 'reserved-name')
    expect(finding, formatReport(report)).toBeDefined()
  }, 120_000)

  it('find a dot segment answered other than 404', async () => {
    const report = await fuzz(['dot-routing'])
    expect(new Set(found(report, 'dot-segment')), formatReport(report)).toEqual(
      new Set(['getItem', 'deleteItem', 'rerollItem', 'deleteSession']),
    )
  }, 120_000)

  it('find a stack frame in an answer', async () => {
    const report = await fuzz(['stack'])
    expect(found(report, 'leak').length, formatReport(report)).toBeGreaterThan(0)
    expect(report.findings.find((f) => f.class === 'leak')?.message).toMatch(/stack frame|file path/)
  }, 120_000)
})
