import type { Verdict } from './judge.js'
import type { FuzzRequest } from './request.js'
import { depthOf, encodeBody, requestPath, stringifyDeep } from './request.js'
import type { Outcome, Sender } from './send.js'
import type { Finding } from './types.js'

/**
 * Smaller variants of a request, most promising first: parts of the JSON body removed, strings
 * and arrays halved, a deep value cut at half its depth, path and query values halved.
 */
export function* shrinkCandidates(request: FuzzRequest): Generator<FuzzRequest> {
  if (request.body?.type === 'json') {
    for (const value of shrinkValue(request.body.value, 0))
      yield { ...request, body: { type: 'json', value } }
  }
  if (request.body?.type === 'text' && request.body.text.length > 1) {
    const text = request.body.text
    yield { ...request, body: { type: 'text', text: text.slice(0, Math.ceil(text.length / 2)) } }
  }
  if (request.kind === 'path-garbage' || request.kind === 'query-garbage') return
  for (const [name, value] of Object.entries(request.pathParams))
    if (value.length > 8)
      yield {
        ...request,
        pathParams: { ...request.pathParams, [name]: value.slice(0, Math.ceil(value.length / 2)) },
      }
  if (request.query.length > 16)
    yield { ...request, query: request.query.slice(0, Math.ceil(request.query.length / 2)) }
}

function* shrinkValue(value: unknown, level: number): Generator<unknown> {
  if (level === 0) {
    const depth = depthOf(value, 10_000)
    if (depth > 8) yield cutAt(value, Math.floor(depth / 2))
  }
  if (typeof value === 'string' && value.length > 1) {
    const half = Math.ceil(value.length / 2)
    yield value.slice(0, half)
    yield value.slice(half)
  } else if (Array.isArray(value) && value.length > 0) {
    if (value.length > 1) {
      yield value.slice(0, Math.ceil(value.length / 2))
      yield value.slice(Math.ceil(value.length / 2))
    }
    if (level < 12)
      for (let i = 0; i < Math.min(value.length, 8); i++)
        for (const smaller of shrinkValue(value[i], level + 1))
          yield value.map((v, j) => (j === i ? smaller : v))
  } else if (value && typeof value === 'object') {
    const entries = Object.entries(value)
    for (const [key] of entries) yield Object.fromEntries(entries.filter(([k]) => k !== key))
    if (level < 12)
      for (const [key, child] of entries)
        for (const smaller of shrinkValue(child, level + 1))
          yield Object.fromEntries(entries.map(([k, v]) => [k, k === key ? smaller : v]))
  }
}

function cutAt(value: unknown, depth: number): unknown {
  if (depth <= 0 || !value || typeof value !== 'object')
    return value && typeof value === 'object' ? (Array.isArray(value) ? [] : {}) : value
  // Iterative for chains thousands of levels deep.
  const root: unknown = Array.isArray(value) ? [...value] : { ...(value as object) }
  let level: Array<Record<string | number, unknown>> = [root as Record<string | number, unknown>]
  for (let d = 1; d < depth && level.length > 0; d++) {
    const next: Array<Record<string | number, unknown>> = []
    for (const node of level)
      for (const [k, v] of Object.entries(node))
        if (v && typeof v === 'object') {
          const copy = (Array.isArray(v) ? [...v] : { ...(v as object) }) as Record<string | number, unknown>
          node[k] = copy
          next.push(copy)
        }
    level = next
  }
  for (const node of level)
    for (const [k, v] of Object.entries(node))
      if (v && typeof v === 'object') node[k] = Array.isArray(v) ? [] : {}
  return root
}

/** Replaces each finding's request by the smallest variant that still fails the same way. */
export async function shrinkFindings(
  findings: Finding[],
  sender: Sender,
  judge: (r: FuzzRequest, o: Outcome) => Verdict | undefined,
  budget: number,
  settle: (r: FuzzRequest) => FuzzRequest,
) {
  for (const finding of findings) {
    // A hang is not sent again (it would wedge the service); a race does not happen to one request.
    if (
      !finding.request ||
      finding.class === 'hang' ||
      finding.class === 'no-answer' ||
      finding.kind === 'concurrent'
    )
      continue
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

/** How big a request is, to keep the smallest example of a finding. */
export function sizeOf(request: FuzzRequest): number {
  return (
    requestPath(request).length +
    (request.body?.type === 'json'
      ? depthOf(request.body.value, 10_000) * 10 + stringifyDeep(request.body.value).length
      : (encodeBody(request.body)?.length ?? 0))
  )
}
