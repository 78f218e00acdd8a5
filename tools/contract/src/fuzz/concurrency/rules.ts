import type { OpenApiDocument } from '../../spec.js'
import type { FuzzOperation } from '../operations.js'
import type { FuzzRequest } from '../request.js'
import { deref } from '../schema-arbitrary.js'
import type { Answer, Outcome } from '../send.js'

/** What an invariant sees of one operation's calls sent in parallel on one resource. */
export interface ConcurrentRun {
  operation: string
  /** The request sent `outcomes.length` times at once (none for a check at the end of the phase). */
  request?: FuzzRequest
  outcomes: Outcome[]
  /** Ids of the resource the calls acted on, by the API's names (`keyId`, `id`…). */
  resource: Record<string, string>
  /** One more call through the API (the run's credential); undefined when it got no answer. */
  call(operation: string, input: CallInput): Promise<Answer | undefined>
}

/**
 * A follow-up call: `ids` fill the operation's path parameters and, for an operation with a body
 * and no `body` given, make its body (`{ keyId }` for control's `keys.getKey`).
 */
export interface CallInput {
  ids?: Record<string, string>
  query?: string
  body?: unknown
}

/** One line of an API's invariant table. */
export interface Invariant {
  /** The write operation whose parallel calls it judges; none: checked once, after the phase. */
  operation?: string
  /** What must hold (for the report). */
  says: string
  /** Body fields set on the operation's request before it is sent (e.g. `expiration: 0`). */
  body?: Record<string, unknown>
  /** Run before the calls (with no outcomes yet): makes room under a limit. */
  prepare?(run: ConcurrentRun): Promise<void>
  /** What is wrong, or undefined. */
  check(run: ConcurrentRun): Promise<string | undefined> | string | undefined
}

export const is2xx = (o: Outcome) => o.ok && o.answer.status >= 200 && o.answer.status < 300
const statusOf = (o: Outcome) => (o.ok ? String(o.answer.status) : o.reason)
const statuses = (outcomes: Outcome[]) => {
  const counts = new Map<string, number>()
  for (const o of outcomes) counts.set(statusOf(o), (counts.get(statusOf(o)) ?? 0) + 1)
  return [...counts].map(([s, n]) => `${n}×${s}`).join(', ')
}

/**
 * At most `max` of the calls succeed; every other one answers one of `others` (a delete: the
 * documented not-found; a create of a unique name: the conflict; a limit: 429).
 */
export function succeedsAtMost(operation: string, max: number, others: number[], says?: string): Invariant {
  return {
    operation,
    says:
      says ??
      `${operation}: at most ${max} of the identical calls succeed, the others answer ${others.join('/')}`,
    check: ({ outcomes }) => {
      const succeeded = outcomes.filter(is2xx).length
      const stray = outcomes.filter((o) => !is2xx(o) && !(o.ok && others.includes(o.answer.status)))
      if (succeeded > max || stray.length > 0)
        return `${outcomes.length} identical calls in parallel answered ${statuses(outcomes)} (at most ${max} success${max === 1 ? '' : 'es'}, the others ${others.join('/')})`
      return undefined
    },
  }
}

/**
 * A limit of live resources (sessions per team): the live ones `list` shows are removed first, then
 * of the calls at most `max` succeed (the others answer `others`), and `list` shows at most `max`.
 */
export function limitHolds(options: {
  operation: string
  says: string
  max: number
  others: number[]
  list: { operation: string; query?: string; items: string[] }
  remove: { operation: string; idName: string }
}): Invariant {
  const live = async (run: ConcurrentRun) => {
    const answer = await run.call(options.list.operation, { query: options.list.query ?? '' })
    const items = answer && answer.status === 200 ? valueAt(answer.body, options.list.items) : undefined
    return Array.isArray(items) ? (items as Array<{ id?: unknown }>) : undefined
  }
  const calls = succeedsAtMost(options.operation, options.max, options.others, options.says)
  return {
    operation: options.operation,
    says: options.says,
    prepare: async (run) => {
      for (const item of (await live(run)) ?? [])
        if (typeof item.id === 'string')
          await run.call(options.remove.operation, { ids: { [options.remove.idName]: item.id } })
    },
    check: async (run) => {
      const problem = await calls.check(run)
      const after = await live(run)
      if (problem) return problem
      if (after && after.length > options.max)
        return `${options.list.operation} shows ${after.length} live afterwards, ${options.max} at most`
      return undefined
    },
  }
}

/** A write (or an end-of-phase) check made of one more call: what `problem` says of its answer. */
export function afterwards(
  says: string,
  operation: string | undefined,
  call: { operation: string } & CallInput,
  problem: (answer: Answer, run: ConcurrentRun) => string | undefined,
): Invariant {
  return {
    ...(operation ? { operation } : {}),
    says,
    check: async (run) => {
      const answer = await run.call(call.operation, call)
      return answer ? problem(answer, run) : `${call.operation} did not answer`
    },
  }
}

/**
 * After the calls, exactly one of the resource and the successors the calls answered (`successor`:
 * the path of the new id in a 2xx body) is live, as `get` reports it (`live` decides from its body).
 */
export function exactlyOneLive(options: {
  operation: string
  says: string
  body?: Record<string, unknown>
  idName: string
  successor: string[]
  get: string
  live: (body: unknown) => boolean
}): Invariant {
  return {
    operation: options.operation,
    says: options.says,
    ...(options.body ? { body: options.body } : {}),
    check: async (run) => {
      const original = run.resource[options.idName]
      if (original === undefined) return undefined
      const successors = run.outcomes
        .filter(is2xx)
        .map((o) => valueAt((o as { answer: Answer }).answer.body, options.successor))
        .filter((v): v is string => typeof v === 'string')
      const live: string[] = []
      for (const id of [original, ...new Set(successors)]) {
        const answer = await run.call(options.get, { ids: { [options.idName]: id } })
        if (answer && answer.status === 200 && options.live(answer.body)) live.push(id)
      }
      if (live.length !== 1)
        return `${run.outcomes.length} identical calls in parallel answered ${statuses(run.outcomes)}; ${live.length} keys are live afterwards (${live.join(', ') || 'none'}), 1 expected`
      return undefined
    },
  }
}

export function valueAt(body: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body)
}

/** A delete: its id appears in its path or body (`deleteKey`, `DELETE /v2/monitor/{id}`). */
export function isDelete(op: FuzzOperation): boolean {
  return /(^|\.)delete[A-Z]/.test(op.id) || (op.method === 'DELETE' && /^delete/.test(op.id))
}

/**
 * The rules every API gets from its spec: a delete that documents 404 succeeds once, and a create
 * whose documented 409 is that of a unique name creates one.
 */
export function genericInvariants(doc: OpenApiDocument, operations: FuzzOperation[]): Invariant[] {
  // A 409 that says "unique" (not one of a request still in progress under the same Idempotency-Key).
  const unique = (op: FuzzOperation) => {
    const responses = deref(doc, doc.paths[op.template])[op.method.toLowerCase()] as
      | { responses?: Record<string, unknown> }
      | undefined
    return /unique/i.test(String(deref(doc, responses?.responses?.['409']).description ?? ''))
  }
  return operations.flatMap((op) => {
    if (isDelete(op) && op.statuses.includes('404'))
      return [succeedsAtMost(op.id, 1, [404], `${op.id}: a delete succeeds once, the others answer 404`)]
    if (/(^|\.)create[A-Z]/.test(op.id) && unique(op))
      return [
        succeedsAtMost(op.id, 1, [409], `${op.id}: a unique create succeeds once, the others answer 409`),
      ]
    return []
  })
}

/**
 * Which operations write: a REST API's POST/PUT/PATCH/DELETE; for an RPC API (every operation a
 * POST of `/v2/x.y`), those whose verb is not a read (`get…`, `list…`).
 */
export function isWriteOperation(op: FuzzOperation): boolean {
  if (op.method === 'GET' || op.method === 'HEAD' || op.method === 'OPTIONS') return false
  if (/liveness|health/i.test(op.id)) return false
  const rpc = /\/[a-z]+\.[a-zA-Z]+$/.test(op.template)
  return !rpc || !/^(get|list|whoami)/.test(op.id.split('.').pop() ?? op.id)
}
