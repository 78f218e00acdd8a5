import type { OpenApiDocument } from '../spec.js'
import { ResponseValidator } from '../validator.js'
import { createGenerator } from './generate.js'
import { countLists, type ListCounts, listOperations } from './lists.js'
import { type FuzzOperation, fuzzOperations } from './operations.js'
import { createPool } from './pool.js'
import {
  depthOf,
  encodeBody,
  type FuzzRequest,
  type RequestKind,
  requestPath,
  stringifyDeep,
} from './request.js'
import { type Answer, createSender, type Outcome, type Sender } from './send.js'
import { shrinkCandidates } from './shrink.js'

export type FindingClass =
  /** A 5xx answer (other than one `environmentError` allows). */
  | 'server-error'
  /** A status the spec does not document for the operation. */
  | 'undocumented-status'
  /** A body (or content type) the spec does not document for that status. */
  | 'invalid-body'
  /** A request that breaks the spec was answered 2xx. */
  | 'accepted-invalid'
  /** A malformed, unknown or missing credential was not answered 401. */
  | 'auth-not-401'
  /** A valid credential in an RFC 7235 form (`bearer`, several spaces) was refused. */
  | 'auth-refused'
  /** An unknown route or method answered other than 404/405 in the API's error format. */
  | 'unknown-route'
  /** No answer within the timeout. */
  | 'hang'
  /** The connection closed without an answer. */
  | 'no-answer'
  /** The liveness probe did not answer (the service is wedged). */
  | 'liveness'
  /** A list changed during the invalid-only phase (an invalid request wrote something). */
  | 'list-count'

/** One failure class: requests of one kind answered the same wrong way, by operation. */
export interface Finding {
  class: FindingClass
  kind: RequestKind | 'probe'
  status?: number
  /** The first operation seen failing (the one of `request`). */
  operation: string
  /** Every operation seen failing this way, with how many requests. */
  operations: Record<string, number>
  message: string
  /** How many requests fell in this class. */
  count: number
  /** The smallest request found that still fails this way. */
  request?: FuzzRequest
  /** `--seed`, phase and index that regenerate the original request. */
  origin?: { phase: 'warm-up' | 'invalid' | 'valid'; index: number }
}

/** A request of a known failure's probe (JSON body unless `raw`). */
export interface ProbeRequest {
  method?: string
  path: string
  body?: unknown
  /** The body as raw text (sent as is). */
  raw?: string
  contentType?: string | null
  /** `valid` (default): the run's credential; `null`: none; a string: the header (`{key}` is the credential). */
  authorization?: 'valid' | null | string
  kind?: RequestKind
  /** Whether the request breaks the spec (default: unless `kind` is `valid`). */
  invalid?: boolean
}

/**
 * A failure class a service is known to have while its fix is under way. Its findings are reported
 * apart (`report.known`), and its probe is sent after the run: once the probe no longer fails this
 * way the entry is reported in `report.fixed`, so that the list only shrinks.
 */
export interface KnownFailure {
  defect: string
  class: FindingClass
  kind?: RequestKind | 'probe'
  status?: number
  /**
   * Sent in order after the run; the last answer must still fall in this class. Without a probe
   * the entry is a consequence of another one (a row an accepted invalid request stored) and
   * leaves the list with it.
   */
  probe?: ProbeRequest[]
  /** Requests of the run not to send (a defect that would wedge the rest of the run). */
  exclude?: (request: FuzzRequest) => boolean
}

export interface FuzzOptions {
  spec: OpenApiDocument
  baseUrl: string
  /** The credential with every permission (sent as `Authorization: Bearer …`). */
  credential: string
  seed: number
  /** Requests to send in all (warm-up, invalid-only, then valid phase). Default 5,000. */
  requests?: number
  /** Share of the generated requests that are valid. Default 0.3. */
  validShare?: number
  /** Requests in flight at once. Default 4. */
  concurrency?: number
  /** A request without an answer after this long is a hang. Default 15 s. */
  timeoutMs?: number
  /** The run stops generating after this long (the report says so). Default 240 s. */
  maxDurationMs?: number
  /** Every this many ms, a liveness probe is sent alongside the fuzzing. Default 2 s. */
  livenessEveryMs?: number
  /** Only these operation ids. */
  operations?: string[]
  /** 5xx answers the environment causes by design (e.g. no browser installed): not findings. */
  environmentError?: (operation: string, answer: Answer) => boolean
  /**
   * Accept a 502 or 504 the operation documents: the answer of a service that fetches pages when
   * the target site cannot be reached (no DNS, no route), as on a machine without internet.
   */
  upstreamErrors?: boolean
  /** The run stops after this many requests without an answer. Default 5. */
  maxHangs?: number
  known?: KnownFailure[]
  /** Requests sent per finding to shrink it. Default 60. */
  shrinkBudget?: number
  log?: (line: string) => void
}

export interface FuzzReport {
  seed: number
  sent: number
  durationMs: number
  byKind: Record<string, number>
  byStatus: Record<string, number>
  findings: Finding[]
  /** Findings of a known failure class (`options.known`). */
  known: Finding[]
  /** Known failures whose probe no longer fails: fixed, to be taken off the list. */
  fixed: KnownFailure[]
  /** The lists counted before and after the invalid-only phase. */
  counts: { before: ListCounts; after: ListCounts }
  /** Why the run stopped early, if it did. */
  stopped?: string
}

const LIVENESS_NAMES = /liveness|health/i

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
    const key = `${f.class} ${f.kind} ${f.status ?? ''}`
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

  const probe = livenessProbe(operations)
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

  const judge = (
    request: FuzzRequest,
    outcome: Outcome,
  ): Omit<Finding, 'count' | 'origin' | 'operations'> | undefined => {
    const at = { operation: request.operation, kind: request.kind, request }
    if (!outcome.ok)
      return outcome.reason === 'timeout'
        ? { ...at, class: 'hang', message: outcome.message }
        : { ...at, class: 'no-answer', message: outcome.message }
    const { answer } = outcome
    // The path as the service sees it: dot segments resolved (`/a/b/../c` is `/a/c`).
    const sent = requestPath(request)
    const path = `${new URL(sent, 'http://fuzz.invalid').pathname}${request.query}`
    const withStatus = { ...at, status: answer.status }
    const upstream = options.upstreamErrors && (answer.status === 502 || answer.status === 504)
    if (answer.status >= 500 && !upstream && !options.environmentError?.(request.operation, answer))
      return {
        ...withStatus,
        class: 'server-error',
        message: `${request.method} ${shorten(sent)} → ${answer.status}: ${shorten(JSON.stringify(answer.body) ?? '')}`,
      }
    if (validator.documents(request.method, path.split('?')[0] ?? '')) {
      const problem = validator.check({
        method: request.method,
        path,
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
      })
      if (problem)
        return {
          ...withStatus,
          class: /is not documented for/.test(problem) ? 'undocumented-status' : 'invalid-body',
          message: problem,
        }
    } else {
      if (answer.status !== 404 && answer.status !== 405)
        return {
          ...withStatus,
          class: 'unknown-route',
          message: `${request.method} ${shorten(path)} → ${answer.status} (404 or 405 expected)`,
        }
      const problem = validator.errorFormatProblem(answer.body)
      if (problem)
        return {
          ...withStatus,
          class: 'unknown-route',
          message: `${request.method} ${shorten(path)} → ${answer.status}: ${problem}`,
        }
      return undefined
    }
    if (request.kind === 'bad-auth' && answer.status !== 401)
      return {
        ...withStatus,
        class: 'auth-not-401',
        message: `Authorization ${JSON.stringify(shorten(request.authorization ?? '(none)', 60))} → ${answer.status}`,
      }
    if (request.kind === 'valid' && request.authorization !== 'valid' && answer.status === 401)
      return {
        ...withStatus,
        class: 'auth-refused',
        message: `Authorization ${JSON.stringify(request.authorization)} → 401`,
      }
    if (request.invalid && answer.status >= 200 && answer.status < 300)
      return {
        ...withStatus,
        class: 'accepted-invalid',
        message: `${request.kind} request answered ${answer.status}${request.problem ? ` (the body breaks the schema: ${shorten(request.problem)})` : ''}`,
      }
    return undefined
  }

  /** Decides whether a request breaks the spec (a 2xx answer to it is then a finding). */
  const settle = (request: FuzzRequest): FuzzRequest => {
    if (request.kind === 'nul-surrogate' || request.kind === 'invalid-utf8')
      return { ...request, invalid: hasHostileText(request) }
    // No API takes a value nested thousands of levels deep or a body over a megabyte.
    if (
      request.kind === 'deep-nesting' &&
      request.body?.type === 'json' &&
      depthOf(request.body.value, 2_000) >= 2_000
    )
      return { ...request, invalid: true }
    if (request.kind === 'huge-value' && (encodeBody(request.body)?.length ?? 0) > 1_048_576)
      return { ...request, invalid: true }
    if (
      (request.kind === 'valid' || isBodyMutation(request.kind)) &&
      request.body?.type === 'json' &&
      request.contentType?.includes('json')
    ) {
      const problem = validator.requestBodyProblem(
        request.method,
        request.template,
        request.contentType.split(';')[0] ?? '',
        request.body.value,
      )
      if (problem === null) return request
      return { ...request, invalid: problem !== undefined, ...(problem ? { problem } : {}) }
    }
    return request
  }

  const deadline = started + maxDurationMs
  const maxHangs = options.maxHangs ?? 5
  let hangs = 0
  const runPhase = async (phase: 'warm-up' | 'invalid' | 'valid', requests: FuzzRequest[]) => {
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
        if (outcome.ok && outcome.answer.status < 300) pool.harvest(outcome.answer.body, request)
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
    // Warm-up: each operation once with its documented example, to harvest ids.
    const warmUp = operations
      .flatMap((op, i) => generator.requests(op, 'valid', 1, mix(options.seed, i, 0)))
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
    const invalidTotal = Math.round(remaining * (1 - (options.validShare ?? 0.3)))
    const generated = interleave(
      operations.map((op, i) =>
        generator.requests(op, 'invalid', share(invalidTotal, operations.length, i), mix(options.seed, i, 1)),
      ),
    ).map(settle)
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
    const validTotal = remaining - invalidTotal
    const valid = interleave(
      operations.map((op, i) =>
        generator.requests(op, 'valid', share(validTotal, operations.length, i), mix(options.seed, i, 2)),
      ),
    ).map(settle)
    await runPhase('valid', [...valid, ...hostileButValid])
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
  } finally {
    clearInterval(livenessTimer)
  }
  if (!wedged) await checkLiveness()
  if (wedged) report.stopped ??= `the service stopped answering: ${wedged}`
  if (!wedged) await shrinkFindings([...findings.values()], sender, judge, options.shrinkBudget ?? 60, settle)
  const isKnown = (f: Finding) =>
    known.some(
      (k) =>
        k.class === f.class &&
        (k.kind === undefined || k.kind === f.kind) &&
        (k.status === undefined || k.status === f.status),
    )
  report.findings = [...findings.values()].filter((f) => !isKnown(f))
  report.known = [...findings.values()].filter(isKnown)
  // Probes last, those of hangs at the very end: they may leave the service wedged.
  for (const entry of [...known].sort((a, b) => Number(a.class === 'hang') - Number(b.class === 'hang'))) {
    if (wedged || !entry.probe) continue
    let last: Omit<Finding, 'count' | 'origin' | 'operations'> | undefined
    for (const probe of entry.probe) {
      const request = fromProbe(probe)
      last = judge(request, await sender.send(request))
    }
    if (last?.class !== entry.class) report.fixed.push(entry)
  }
  sender.close()
  report.durationMs = Date.now() - started
  return report
}

// NUL (the point of the check), the invalid-UTF-8 markers, a lone surrogate.
const HOSTILE_TEXT = new RegExp(
  `[${String.fromCharCode(0)}\uE000\uE001]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]`,
)

/** Whether a key or string of the body (or a path or query value) holds a NUL, a lone surrogate or invalid UTF-8. */
function hasHostileText(request: FuzzRequest): boolean {
  if (HOSTILE_TEXT.test(requestPath(request))) return true
  const stack: unknown[] = [
    request.body?.type === 'json'
      ? request.body.value
      : request.body?.type === 'text'
        ? request.body.text
        : request.body?.type === 'multipart'
          ? request.body.parts
          : undefined,
  ]
  while (stack.length > 0) {
    const v = stack.pop()
    if (typeof v === 'string' && HOSTILE_TEXT.test(v)) return true
    if (v && typeof v === 'object')
      for (const [k, child] of Object.entries(v)) {
        if (HOSTILE_TEXT.test(k)) return true
        stack.push(child)
      }
  }
  return false
}

function sizeOf(request: FuzzRequest): number {
  return (
    requestPath(request).length +
    (request.body?.type === 'json'
      ? depthOf(request.body.value, 10_000) * 10 + stringifyDeep(request.body.value).length
      : (encodeBody(request.body)?.length ?? 0))
  )
}

function isBodyMutation(kind: RequestKind): boolean {
  return [
    'missing-required',
    'wrong-type',
    'out-of-range',
    'unknown-property',
    'huge-value',
    'deep-nesting',
  ].includes(kind)
}

async function shrinkFindings(
  findings: Finding[],
  sender: Sender,
  judge: (r: FuzzRequest, o: Outcome) => Omit<Finding, 'count' | 'origin' | 'operations'> | undefined,
  budget: number,
  settle: (r: FuzzRequest) => FuzzRequest,
) {
  for (const finding of findings) {
    if (!finding.request || finding.class === 'hang' || finding.class === 'no-answer') continue
    let current = finding.request
    let spent = 0
    let improved = true
    while (improved && spent < budget) {
      improved = false
      for (const candidate of shrinkCandidates(current)) {
        if (spent++ >= budget) break
        const settled = settle(candidate)
        const again = judge(settled, await sender.send(settled))
        if (again && again.class === finding.class && again.status === finding.status) {
          current = settled
          improved = true
          break
        }
      }
    }
    finding.request = current
  }
}

function fromProbe(probe: ProbeRequest): FuzzRequest {
  const kind = probe.kind ?? 'valid'
  const [path, query] = probe.path.split(/(?=\?)/) as [string, string | undefined]
  return {
    operation: `${probe.method ?? 'POST'} ${path}`,
    kind,
    method: probe.method ?? 'POST',
    template: path,
    pathParams: {},
    query: query ?? '',
    authorization: probe.authorization === undefined ? 'valid' : probe.authorization,
    contentType:
      probe.contentType === undefined
        ? probe.body !== undefined || probe.raw !== undefined
          ? 'application/json'
          : null
        : probe.contentType,
    body:
      probe.raw !== undefined
        ? { type: 'text', text: probe.raw }
        : probe.body !== undefined
          ? { type: 'json', value: probe.body }
          : undefined,
    invalid: probe.invalid ?? kind !== 'valid',
  }
}

function livenessProbe(operations: FuzzOperation[]): FuzzRequest {
  const op =
    operations.find((o) => LIVENESS_NAMES.test(o.id) || LIVENESS_NAMES.test(o.template)) ??
    operations.find((o) => o.method === 'GET' && o.parameters.every((p) => !p.required))
  if (!op)
    throw new Error('no liveness probe: the spec has no liveness operation and no GET without parameters')
  return {
    operation: op.id,
    kind: 'valid',
    method: op.method,
    template: op.template,
    pathParams: {},
    query: '',
    authorization: op.security.length > 0 ? 'valid' : null,
    contentType: op.body ? 'application/json' : null,
    body: op.body ? { type: 'json', value: {} } : undefined,
    invalid: false,
  }
}

/** Round-robin over operations, so that every operation is exercised all along the phase. */
function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T)
  return out
}

function share(total: number, parts: number, index: number): number {
  return Math.floor(total / parts) + (index < total % parts ? 1 : 0)
}

/** A per-operation, per-phase seed derived from the run's seed. */
export function mix(seed: number, operation: number, phase: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0
  for (const v of [operation, phase]) {
    h = Math.imul(h ^ v, 0x85ebca6b) >>> 0
    h = (h ^ (h >>> 13)) >>> 0
  }
  return h | 0
}

function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text
}
