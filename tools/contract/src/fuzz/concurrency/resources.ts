import type { Generator } from '../generate.js'
import type { FuzzOperation } from '../operations.js'
import { encodeBody, type FuzzRequest } from '../request.js'
import type { Sender } from '../send.js'

/** Answer fields that name a resource (the names the pool harvests, less the free-text ones). */
const ID_NAME = /(^id$|Id$)/
/** Attempts at creating one resource (a generated name may collide with an earlier one: 409). */
const ATTEMPTS = 4
/** How deep parents are created first (a key needs an API). */
const MAX_DEPTH = 2

interface Producer {
  op: FuzzOperation
  /** A request that created such a resource. */
  request: FuzzRequest
}

/**
 * Fresh resources made through the API. While the run goes, each 2xx answer of a write operation
 * that hands out an id it was not sent (`createKey` → `keyId`) makes that operation the producer of
 * the name; `fresh` sends it again (its own parents made fresh first) and returns the new ids.
 */
export class Resources {
  private readonly producers = new Map<string, Producer[]>()

  constructor(
    private readonly operations: FuzzOperation[],
    private readonly generator: Generator,
    private readonly isWrite: (op: FuzzOperation) => boolean,
  ) {}

  learn(request: FuzzRequest, body: unknown): void {
    const op = this.operations.find((o) => o.id === request.operation)
    if (!op || !this.isWrite(op) || request.kind !== 'valid') return
    const sent = encodeBody(request.body)?.toString('utf8') ?? ''
    for (const [name, value] of idsOf(body)) {
      if (sent.includes(value) || Object.values(request.pathParams).includes(value)) continue
      const list = this.producers.get(name) ?? []
      if (!list.some((p) => p.op.id === op.id)) list.push({ op, request })
      this.producers.set(name, list)
    }
  }

  /** The names of `op`'s inputs that some operation produces (path parameters, top-level body fields). */
  needs(op: FuzzOperation): string[] {
    const body = op.body?.schema.properties as Record<string, unknown> | undefined
    const names = [
      ...op.parameters.filter((p) => p.in === 'path').map((p) => p.name),
      ...Object.keys(body ?? {}),
    ]
    return names.filter((n) => this.producerFor(n, op) && this.producerFor(n, op)?.op.id !== op.id)
  }

  /** The producer of `name` for `consumer`: of several, the one whose path shares most with it. */
  producerFor(name: string, consumer: FuzzOperation): Producer | undefined {
    // A plain `id` stands for `jobId` only where it was made on the same collection
    // (`POST /v2/agent` for `/v2/agent/{jobId}`), not for any name ending in Id.
    const list =
      this.producers.get(name) ??
      (/id$/i.test(name)
        ? this.producers.get('id')?.filter((p) => sameCollection(p.op.template, consumer.template))
        : undefined) ??
      []
    // A creator first (`createKey`, not `rerollKey`, which needs a key itself), then the one
    // closest by path (`POST /v2/crawl` for `/v2/crawl/{id}`).
    const needsItself = (p: Producer) => Number(takes(p.op, name))
    const shared = (p: Producer) => commonPrefix(p.op.template, consumer.template)
    return [...list].sort((a, b) => needsItself(a) - needsItself(b) || shared(b) - shared(a))[0]
  }

  /**
   * New resources for each name `op` needs, made through the API: the ids by name (the producer's
   * own inputs too, e.g. the `apiId` of a new key), and the requests that made them. Undefined when
   * one could not be made.
   */
  async fresh(
    op: FuzzOperation,
    sender: Sender,
    seed: number,
    depth = 0,
  ): Promise<
    { ids: Record<string, string>; made: Array<{ name: string; request: FuzzRequest }> } | undefined
  > {
    const ids: Record<string, string> = {}
    const made: Array<{ name: string; request: FuzzRequest }> = []
    for (const name of this.needs(op)) {
      if (ids[name] !== undefined) continue
      const producer = this.producerFor(name, op)
      if (!producer || depth >= MAX_DEPTH) return undefined
      const parents = await this.fresh(producer.op, sender, seed + 1, depth + 1)
      if (!parents) return undefined
      const candidates = [
        producer.request,
        ...this.generator.requests(producer.op, 'valid', ATTEMPTS - 1, seed + depth),
      ]
      let created: string | undefined
      for (const candidate of candidates) {
        const request = withIds({ ...candidate, authorization: 'valid' }, parents.ids)
        const outcome = await sender.send(request)
        if (!outcome.ok || outcome.answer.status >= 300) continue
        const answered = idsOf(outcome.answer.body)
        created = (answered.find(([n]) => n === name) ?? answered.find(([n]) => n === 'id'))?.[1]
        if (created === undefined) continue
        this.learn(request, outcome.answer.body)
        Object.assign(ids, parents.ids)
        made.push(...parents.made, { name, request })
        break
      }
      if (created === undefined) return undefined
      ids[name] = created
    }
    return { ids, made }
  }
}

/** `request` acting on the resources `ids` names (path parameters and top-level body fields). */
export function withIds(request: FuzzRequest, ids: Record<string, string>): FuzzRequest {
  const pick = (name: string) => ids[name] ?? (/id$/i.test(name) ? ids.id : undefined)
  const pathParams = Object.fromEntries(
    Object.entries(request.pathParams).map(([name, value]) => [name, pick(name) ?? value]),
  )
  let body = request.body
  if (body?.type === 'json' && body.value && typeof body.value === 'object' && !Array.isArray(body.value)) {
    const value: Record<string, unknown> = { ...(body.value as Record<string, unknown>) }
    for (const name of Object.keys(value)) if (ids[name] !== undefined) value[name] = ids[name]
    body = { type: 'json', value }
  }
  return { ...request, pathParams, body }
}

/** Id-like string fields of an answer (`keyId`, `id`…), outermost first. */
export function idsOf(body: unknown): Array<[string, string]> {
  const out: Array<[string, string]> = []
  const queue: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }]
  while (queue.length > 0) {
    const { value, depth } = queue.shift() as { value: unknown; depth: number }
    if (!value || typeof value !== 'object' || depth > 3) continue
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && ID_NAME.test(key) && key !== 'requestId' && child.length <= 200)
        out.push([key, child])
      else if (child && typeof child === 'object' && !Array.isArray(child))
        queue.push({ value: child, depth: depth + 1 })
    }
  }
  return out
}

/** Whether `op` takes a value of `name` (a path parameter, or a top-level body field). */
function takes(op: FuzzOperation, name: string): boolean {
  const body = (op.body?.schema.properties as Record<string, unknown> | undefined) ?? {}
  return (
    name in body ||
    op.parameters.some((p) => p.in === 'path' && (p.name === name || (name === 'id' && /id$/i.test(p.name))))
  )
}

/** Whether two paths start with the same two segments (`/v2/agent` and `/v2/agent/{jobId}`). */
function sameCollection(a: string, b: string): boolean {
  const head = (path: string) => path.split('/').slice(0, 3).join('/')
  return head(a) === head(b)
}

function commonPrefix(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length && a[i] === b[i]) i++
  return i
}
