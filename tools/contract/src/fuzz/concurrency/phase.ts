import type { Generator } from '../generate.js'
import type { Judge, Verdict } from '../judge.js'
import type { FuzzOperation } from '../operations.js'
import type { FuzzRequest } from '../request.js'
import type { Answer, Outcome, Sender } from '../send.js'
import type { ConcurrencySummary } from '../types.js'
import { idsOf, type Resources, withIds } from './resources.js'
import { type CallInput, type ConcurrentRun, type Invariant, is2xx, isDelete } from './rules.js'

export interface ConcurrencyContext {
  operations: FuzzOperation[]
  generator: Generator
  resources: Resources
  /** Setup and follow-up calls, one at a time. */
  sender: Sender
  /** The parallel calls: as many sockets as calls, so that they reach the service at once. */
  parallel: Sender
  calls: number
  seed: number
  invariants: Invariant[]
  isWrite: (op: FuzzOperation) => boolean
  judge: Judge
  /** Records a finding of the phase (`index`: the operation's position, for the report). */
  record(verdict: Verdict, index: number): void
  /** Back to the seeded state, before each write operation's calls (`FuzzOptions.reset`). */
  reset?: () => Promise<void>
  /** Whether the run must stop (time limit, a wedged service). */
  stopped(): boolean
}

/**
 * The concurrency phase: for every write operation, `calls` identical calls at once on one
 * resource made for it through the API, then its invariants; for every delete, a mix of creates,
 * updates and deletes of one resource at once; then the invariants of the whole phase. Every
 * answer is judged as in the other phases (no 5xx, documented, valid body).
 */
export async function runConcurrencyPhase(ctx: ConcurrencyContext): Promise<ConcurrencySummary> {
  const summary: ConcurrencySummary = { sent: 0, reached: [], unreached: [], why: {}, checked: [] }
  const byId = new Map(ctx.operations.map((o) => [o.id, o]))
  const send = async (request: FuzzRequest, index: number): Promise<Outcome> => {
    const outcome = await ctx.sender.send(request)
    summary.sent++
    judged(request, outcome, index)
    return outcome
  }
  const judged = (request: FuzzRequest, outcome: Outcome, index: number) => {
    const verdict = ctx.judge.judge(request, outcome)
    if (verdict) ctx.record(verdict, index)
    if (is2xx(outcome)) ctx.resources.learn(request, (outcome as { answer: Answer }).answer.body)
  }
  const inParallel = async (requests: FuzzRequest[], index: number): Promise<Outcome[]> => {
    const outcomes = await Promise.all(requests.map((r) => ctx.parallel.send(r)))
    summary.sent += requests.length
    requests.forEach((r, i) => {
      judged(r, outcomes[i] as Outcome, index)
    })
    return outcomes
  }
  const runOf = (
    operation: string,
    request: FuzzRequest | undefined,
    outcomes: Outcome[],
    resource: Record<string, string>,
    index: number,
  ): ConcurrentRun => ({
    operation,
    ...(request ? { request } : {}),
    outcomes,
    resource,
    call: async (id, input) => {
      const op = byId.get(id)
      if (!op) throw new Error(`invariant table: no operation ${id} in the spec`)
      const outcome = await send(requestOf(op, input), index)
      return outcome.ok ? outcome.answer : undefined
    },
  })
  const check = async (invariant: Invariant, run: ConcurrentRun, index: number) => {
    summary.checked.push(invariant.says)
    const problem = await invariant.check(run)
    if (problem)
      ctx.record(
        {
          class: 'invariant',
          kind: 'concurrent',
          operation: run.operation,
          ...(run.request ? { request: run.request } : {}),
          message: `${invariant.says}: ${problem}`,
        },
        index,
      )
  }

  const writes = ctx.operations.filter(ctx.isWrite)
  // What the calls created is deleted again where the API has a delete for it: a limit (sessions
  // per team) must not refuse the resources the next operations need.
  const release = async (op: FuzzOperation, outcomes: Outcome[], index: number) => {
    for (const remove of writes.filter(isDelete)) {
      const name = ctx.resources
        .needs(remove)
        .find((n) => ctx.resources.producerFor(n, remove)?.op.id === op.id)
      const base = name ? baseRequests(remove, ctx.generator, ctx.seed, 1)[0] : undefined
      if (!name || !base) continue
      for (const outcome of outcomes.filter(is2xx)) {
        const ids = idsOf((outcome as { answer: Answer }).answer.body)
        const id = (ids.find(([n]) => n === name) ?? ids.find(([n]) => n === 'id'))?.[1]
        if (id !== undefined && !ctx.stopped()) await send(withIds(base, { [name]: id }), index)
      }
    }
  }
  for (const [index, op] of writes.entries()) {
    if (ctx.stopped()) break
    await ctx.reset?.()
    const rules = ctx.invariants.filter((i) => i.operation === op.id)
    const overrides = Object.assign({}, ...rules.map((r) => r.body ?? {})) as Record<string, unknown>
    let reached = false
    let why = 'no request to send'
    // A unique create's example name may exist already: its rule gets a third request.
    for (const candidate of baseRequests(op, ctx.generator, ctx.seed + index, rules.length > 0 ? 3 : 2)) {
      const fresh = await ctx.resources.fresh(op, ctx.sender, ctx.seed + index)
      if (!fresh) {
        why = `no ${ctx.resources.needs(op).join(', ')} could be made`
        continue
      }
      const request = ctx.judge.settle(withIds(withBody(candidate, overrides), fresh.ids))
      if (request.invalid) {
        why = 'its requests were invalid'
        continue
      }
      // Without a rule, one call first tells whether the request reaches the operation at all (20
      // refused calls say little); a rule's calls must be the first on their resource.
      if (rules.length === 0) {
        const first = await send(request, index)
        if (!is2xx(first)) {
          why = `answered ${answerOf(first)}`
          continue
        }
      }
      for (const rule of rules) await rule.prepare?.(runOf(op.id, request, [], fresh.ids, index))
      const outcomes = await inParallel(
        Array.from({ length: ctx.calls }, () => request),
        index,
      )
      reached = outcomes.some(is2xx)
      if (!reached) {
        why = `answered ${answerOf(outcomes[0] as Outcome)}`
        continue
      }
      for (const rule of rules) await check(rule, runOf(op.id, request, outcomes, fresh.ids, index), index)
      await release(op, outcomes, index)
      break
    }
    if (reached) summary.reached.push(op.id)
    else {
      summary.unreached.push(op.id)
      summary.why[op.id] = why
    }
  }

  // Deletes racing creates and updates of the same resource: one delete at most, and gone after it.
  for (const [index, remove] of writes.entries()) {
    if (ctx.stopped() || !isDelete(remove) || !remove.statuses.includes('404')) continue
    const name = ctx.resources.needs(remove)[0]
    const fresh = name ? await ctx.resources.fresh(remove, ctx.sender, ctx.seed + index) : undefined
    if (!name || !fresh) continue
    const created = fresh.made.find((m) => m.name === name)?.request
    const updates = writes
      .filter((w) => w !== remove && !isDelete(w) && ctx.resources.needs(w).includes(name))
      .map((w) => baseRequests(w, ctx.generator, ctx.seed + index, 1)[0])
      .filter((r): r is FuzzRequest => r !== undefined)
      .map((r) => withIds(r, fresh.ids))
    const remover = baseRequests(remove, ctx.generator, ctx.seed + index, 1)[0]
    if (!remover) continue
    const mix = mixOf(ctx.calls, withIds(remover, fresh.ids), created, updates)
    const outcomes = await inParallel(mix, index)
    const deleted = outcomes.filter((o, i) => mix[i]?.operation === remove.id && is2xx(o)).length
    const says = `${remove.id} racing creates and updates of the same resource`
    summary.checked.push(says)
    if (deleted > 1)
      ctx.record(
        {
          class: 'invariant',
          kind: 'concurrent',
          operation: remove.id,
          message: `${says}: ${deleted} deletes succeeded, 1 at most`,
        },
        index,
      )
    const getter = ctx.operations.find(
      (o) =>
        !ctx.isWrite(o) &&
        /(^|\.)get[A-Z]/.test(o.id) &&
        ctx.resources.needs(o).join() === name &&
        o.statuses.includes('404'),
    )
    if (deleted === 1 && getter) {
      const base = baseRequests(getter, ctx.generator, ctx.seed + index, 1)[0]
      const outcome = base ? await send(withIds(base, fresh.ids), index) : undefined
      if (outcome?.ok && outcome.answer.status !== 404)
        ctx.record(
          {
            class: 'invariant',
            kind: 'concurrent',
            operation: remove.id,
            message: `${says}: the delete succeeded, yet ${getter.id} answers ${outcome.answer.status} (404 expected)`,
          },
          index,
        )
    }
  }

  for (const invariant of ctx.invariants.filter((i) => i.operation === undefined))
    if (!ctx.stopped())
      await check(invariant, runOf('(after the phase)', undefined, [], {}, writes.length), writes.length)
  return summary
}

/** `404: <the error it names>`: what stopped a call, for the report. */
function answerOf(outcome: Outcome): string {
  if (!outcome.ok) return 'nothing (no answer)'
  const body = outcome.answer.body as { error?: unknown } | undefined
  const error = body?.error as { detail?: unknown } | string | undefined
  const says = typeof error === 'string' ? error : error?.detail
  return `${outcome.answer.status}${typeof says === 'string' ? `: ${says.slice(0, 100)}` : ''}`
}

/** A quarter deletes, a quarter creates (the request that made the resource), the rest updates. */
function mixOf(
  calls: number,
  remove: FuzzRequest,
  create: FuzzRequest | undefined,
  updates: FuzzRequest[],
): FuzzRequest[] {
  let next = 0
  return Array.from({ length: calls }, (_, i) => {
    if (i % 4 === 1 && create) return create
    if (i % 4 === 0 || updates.length === 0) return remove
    return updates[next++ % updates.length] as FuzzRequest
  })
}

/** The operation's example first (the spec's realistic request), then generated ones. */
function baseRequests(op: FuzzOperation, generator: Generator, seed: number, count: number): FuzzRequest[] {
  const generated = generator
    .requests(op, 'valid', count, seed)
    .map((r) => ({ ...r, authorization: 'valid' as const }))
  const example = op.body?.examples[0]
  const first = generated[0]
  if (first && example !== undefined && first.body?.type === 'json')
    generated[0] = { ...first, body: { type: 'json', value: structuredClone(example) } }
  return generated
}

function withBody(request: FuzzRequest, fields: Record<string, unknown>): FuzzRequest {
  if (Object.keys(fields).length === 0 || request.body?.type !== 'json') return request
  return { ...request, body: { type: 'json', value: { ...(request.body.value as object), ...fields } } }
}

function requestOf(op: FuzzOperation, input: CallInput): FuzzRequest {
  const ids = input.ids ?? {}
  const body = input.body ?? (op.body && input.ids ? ids : undefined)
  return withIds(
    {
      operation: op.id,
      kind: 'valid',
      method: op.method,
      template: op.template,
      pathParams: Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, ''])),
      query: input.query ?? '',
      authorization: 'valid',
      contentType: body !== undefined ? 'application/json' : null,
      body: body !== undefined ? { type: 'json', value: body } : undefined,
      invalid: false,
    },
    ids,
  )
}
