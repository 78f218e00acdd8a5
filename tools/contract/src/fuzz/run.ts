import { ResponseValidator } from '../validator.js'
import { runConcurrencyPhase } from './concurrency/phase.js'
import { Resources } from './concurrency/resources.js'
import { genericInvariants, isWriteOperation } from './concurrency/rules.js'
import { dotSegmentRequests } from './dot-segments.js'
import { createGenerator } from './generate.js'
import { createJudge } from './judge.js'
import { countLists, listOperations } from './lists.js'
import { type FuzzOperation, fuzzOperations } from './operations.js'
import { interleave, mix, share } from './plan.js'
import { createPool } from './pool.js'
import { fromProbe, livenessProbe } from './probes.js'
import { type FuzzRequest, requestPath } from './request.js'
import { reservedNameRequests } from './reserved-names.js'
import { createSender, type Sender } from './send.js'
import { shrinkFindings, sizeOf } from './shrink.js'
import type { Finding, FuzzOptions, FuzzReport, Phase } from './types.js'

export { mix } from './plan.js'
export type {
  ConcurrencySummary,
  Finding,
  FindingClass,
  FuzzOptions,
  FuzzReport,
  KnownFailure,
  Phase,
  ProbeRequest,
} from './types.js'

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const log = options.log ?? (() => {})
  const total = options.requests ?? 5_000
  const concurrency = options.concurrency ?? 4
  const timeoutMs = options.timeoutMs ?? 15_000
  const maxDurationMs = options.maxDurationMs ?? 240_000
  const validator = new ResponseValidator(options.spec)
  const sender = createSender(options.baseUrl, options.credential, {
    timeoutMs,
    concurrency: concurrency + 1,
  })
  const pool = createPool()
  const generator = createGenerator(options.spec, pool)
  const operations = fuzzOperations(options.spec).filter(
    (o) => !options.operations || options.operations.includes(o.id),
  )
  const isWrite = options.isWrite ?? isWriteOperation
  const resources = new Resources(operations, generator, isWrite)
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    durationMs: 0,
    byKind: {},
    byStatus: {},
    findings: [],
    known: [],
    fixed: [],
    counts: { before: {}, after: {} },
  }
  const known = options.known ?? []
  const excluded = (r: FuzzRequest) => known.some((k) => k.exclude?.(r))
  const findings = new Map<string, Finding>()
  const record = (f: Omit<Finding, 'count' | 'operations'>) => {
    // An invariant is one finding per operation: each says something else.
    const key = `${f.class} ${f.kind} ${f.status ?? ''} ${f.class === 'invariant' ? f.operation : ''}`
    const existing = findings.get(key)
    if (existing) {
      existing.count++
      existing.operations[f.operation] = (existing.operations[f.operation] ?? 0) + 1
      // Keep the smallest example.
      if (f.request && existing.request && sizeOf(f.request) < sizeOf(existing.request))
        Object.assign(existing, {
          request: f.request,
          operation: f.operation,
          message: f.message,
          origin: f.origin,
        })
    } else {
      findings.set(key, { ...f, count: 1, operations: { [f.operation]: 1 } })
      log(
        `finding: ${f.class} ${f.operation} (${f.kind}${f.status ? `, ${f.status}` : ''}): ${f.message.split('\n')[0]}`,
      )
    }
  }

  const probe = livenessProbe(fuzzOperations(options.spec))
  // The credential belongs to the scheme most operations use (control's root keys, not its
  // portal sessions): only there must its RFC 7235 spellings be accepted.
  const schemeCounts = new Map<string, number>()
  for (const op of operations)
    for (const s of op.security) schemeCounts.set(s, (schemeCounts.get(s) ?? 0) + 1)
  const scheme = options.scheme ?? [...schemeCounts].sort((a, b) => b[1] - a[1])[0]?.[0]
  const usesCredential = (operation: string) =>
    operations.find((o) => o.id === operation)?.security.includes(scheme ?? '') ?? false
  let wedged: string | undefined
  const checkLiveness = async (): Promise<boolean> => {
    const outcome = await sender.send(probe)
    if (outcome.ok && outcome.answer.status < 500) return true
    const message = outcome.ok ? `liveness answered ${outcome.answer.status}` : outcome.message
    wedged ??= message
    record({
      class: 'liveness',
      operation: probe.operation,
      kind: 'probe',
      message: `${probe.method} ${requestPath(probe)}: ${message}`,
    })
    return false
  }
  const livenessTimer = setInterval(() => void checkLiveness(), options.livenessEveryMs ?? 2_000)

  const { judge, settle } = createJudge(validator, options, usesCredential)

  const deadline = started + maxDurationMs
  const maxHangs = options.maxHangs ?? 5
  let hangs = 0
  const runPhase = async (phase: Phase, requests: FuzzRequest[]) => {
    let next = 0
    const worker = async () => {
      while (next < requests.length && !wedged) {
        if (Date.now() > deadline) {
          report.stopped ??= `time limit of ${maxDurationMs} ms reached during the ${phase} phase`
          return
        }
        const index = next++
        const request = requests[index] as FuzzRequest
        if (excluded(request)) continue
        const outcome = await sender.send(request)
        report.sent++
        report.byKind[request.kind] = (report.byKind[request.kind] ?? 0) + 1
        const statusKey = outcome.ok ? String(outcome.answer.status) : outcome.reason
        report.byStatus[statusKey] = (report.byStatus[statusKey] ?? 0) + 1
        if (outcome.ok && outcome.answer.status < 300) {
          pool.harvest(outcome.answer.body, request)
          resources.learn(request, outcome.answer.body)
        }
        const finding = judge(request, outcome)
        if (finding) {
          record({ ...finding, origin: { phase, index } })
          if (finding.class === 'hang') {
            hangs++
            await checkLiveness()
            // A service that keeps stalling would turn the rest of the run into timeouts.
            if (hangs >= maxHangs) wedged ??= `${hangs} requests had no answer within ${timeoutMs} ms`
          }
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    log(
      `${phase}: ${requests.length} requests generated, ${report.sent} sent so far, ${Math.round((Date.now() - started) / 1000)} s`,
    )
  }

  try {
    if (!(await checkLiveness())) throw new Error(`the service does not answer its liveness probe: ${wedged}`)
    // Warm-up: each operation once with its documented example, to harvest ids. Not the ones that
    // accept background work (202): their examples name seeded resources, and a deletion finishing
    // later would change the lists the invalid-only phase is checked against. The valid phase
    // sends them.
    const warmUp = operations
      .flatMap((op, i) =>
        acceptsBackgroundWork(op) ? [] : generator.requests(op, 'valid', 1, mix(options.seed, i, 0)),
      )
      .map(settle)
    await runPhase('warm-up', warmUp)
    const lists = listOperations(operations)
    const count = async () => {
      const { counts, stalled } = await countLists(sender, lists)
      for (const request of stalled)
        record({
          class: 'hang',
          operation: request.operation,
          kind: 'valid',
          request,
          message: `the list did not answer within ${timeoutMs} ms`,
        })
      return counts
    }
    report.counts.before = await count()
    const remaining = Math.max(0, total - warmUp.length)
    // Every operation's path parameters as dot segments, and its free-form objects and JSON
    // Schemas with reserved names: few, sent in full, within the run's budget.
    const dotSegments = operations.flatMap((op, i) =>
      generator
        .requests(op, 'valid', 1, mix(options.seed, i, 4))
        .flatMap((base) => dotSegmentRequests(op, base)),
    )
    const reservedNames = operations
      .flatMap((op, i) =>
        reservedNameRequests(options.spec, op, generator, mix(options.seed, i, 5), (r) => !settle(r).invalid),
      )
      .map(settle)
    const invalidTotal = Math.round(remaining * (1 - (options.validShare ?? 0.3)))
    const invalidGenerated = Math.max(0, invalidTotal - dotSegments.length)
    const generated = [
      ...dotSegments,
      ...interleave(
        operations.map((op, i) =>
          generator.requests(
            op,
            'invalid',
            share(invalidGenerated, operations.length, i),
            mix(options.seed, i, 1),
          ),
        ),
      ).map(settle),
    ]
    // Hostile requests the spec allows (a huge value in a free-form field) go to the valid phase:
    // the invalid-only phase must not be able to write anything.
    const invalid = generated.filter((r) => r.invalid)
    const hostileButValid = generated.filter((r) => !r.invalid)
    await runPhase('invalid', invalid)
    if (!wedged) {
      report.counts.after = await count()
      for (const [name, before] of Object.entries(report.counts.before)) {
        const after = report.counts.after[name]
        if (after !== undefined && after !== before)
          record({
            class: 'list-count',
            operation: name,
            kind: 'probe',
            message: `${name} listed ${before} items before the invalid-only phase and ${after} after`,
          })
      }
    }
    const validTotal = Math.max(0, remaining - invalidTotal - reservedNames.length)
    const valid = interleave(
      operations.map((op, i) =>
        generator.requests(op, 'valid', share(validTotal, operations.length, i), mix(options.seed, i, 2)),
      ),
    ).map(settle)
    await runPhase('valid', [...reservedNames, ...valid, ...hostileButValid])
    // Requests a known failure left unsent are made up with more valid ones.
    const gap = total - report.sent
    if (gap > 0 && !wedged && !report.stopped) {
      const more = interleave(
        operations.map((op, i) =>
          generator.requests(op, 'valid', share(gap, operations.length, i), mix(options.seed, i, 3)),
        ),
      ).map(settle)
      await runPhase('valid', more)
    }
    const calls = options.concurrentCalls ?? 20
    if (calls > 0 && !wedged && !report.stopped) {
      const parallel = createSender(options.baseUrl, options.credential, { timeoutMs, concurrency: calls })
      const { localize } = options
      const local = (to: Sender): Sender =>
        localize ? { send: (request) => to.send(localize(request)), close: () => to.close() } : to
      try {
        report.concurrency = await runConcurrencyPhase({
          operations,
          generator,
          resources,
          sender: local(sender),
          parallel: local(parallel),
          calls,
          seed: mix(options.seed, 0, 6),
          invariants: [...genericInvariants(options.spec, operations), ...(options.invariants ?? [])],
          ...(options.reset ? { reset: options.reset } : {}),
          isWrite,
          judge: { judge, settle },
          record: (verdict, index) => record({ ...verdict, origin: { phase: 'concurrency', index } }),
          stopped: () => {
            if (Date.now() > deadline)
              report.stopped ??= `time limit of ${maxDurationMs} ms reached during the concurrency phase`
            return !!wedged || !!report.stopped
          },
        })
      } finally {
        parallel.close()
      }
      log(
        `concurrency: ${report.concurrency?.sent ?? 0} requests, ${Math.round((Date.now() - started) / 1000)} s`,
      )
    }
  } finally {
    clearInterval(livenessTimer)
  }
  if (!wedged) await checkLiveness()
  if (wedged) report.stopped ??= `the service stopped answering: ${wedged}`
  if (!wedged) await shrinkFindings([...findings.values()], sender, judge, options.shrinkBudget ?? 60, settle)
  // Known when every operation it was seen on is covered by an entry of its class.
  const isKnown = (f: Finding) =>
    Object.keys(f.operations).every((operation) =>
      known.some(
        (k) =>
          k.class === f.class &&
          (k.kind === undefined || k.kind === f.kind) &&
          (k.status === undefined || k.status === f.status) &&
          (k.operations === undefined || k.operations.includes(operation)),
      ),
    )
  report.findings = [...findings.values()].filter((f) => !isKnown(f))
  report.known = [...findings.values()].filter(isKnown)
  // Probes last, those of hangs at the very end: they may leave the service wedged.
  for (const entry of [...known].sort((a, b) => Number(a.class === 'hang') - Number(b.class === 'hang'))) {
    if (wedged || !entry.probe) continue
    let last: ReturnType<typeof judge>
    for (const probe of entry.probe) {
      const request = fromProbe(probe)
      let outcome = await sender.send(request)
      // A rate-limited probe says nothing: it waits as told and asks again.
      for (let i = 0; i < 3 && outcome.ok && outcome.answer.status === 429; i++) {
        const seconds = Math.min(outcome.answer.retryAfter ?? 1, 10)
        await new Promise((r) => setTimeout(r, seconds * 1000))
        outcome = await sender.send(request)
      }
      last = judge(request, outcome)
    }
    if (last?.class !== entry.class) report.fixed.push(entry)
  }
  sender.close()
  report.durationMs = Date.now() - started
  return report
}

/** An operation whose only success is 202: it starts work that goes on after its answer. */
const acceptsBackgroundWork = (op: FuzzOperation): boolean =>
  op.statuses.some((s) => s === '202') && !op.statuses.some((s) => /^2\d\d$/.test(s) && s !== '202')
