/**
 * Faults and latency on demand: rules that match requests by operation, method or path and apply
 * to the next `times` of them (every one until removed when `times` is left out).
 */
import type { FaultOptions, LatencyOptions, Rule } from './public-types.js'

export type { FaultOptions, LatencyOptions, RequestMatch, Rule } from './public-types.js'

interface Stored {
  rule: Rule
  path?: RegExp
  remaining: number
}

export interface RequestFacts {
  method: string
  path: string
  operationId: string | undefined
}

/** The longest delay a timer takes (2^31 - 1 ms, about 24.8 days); a longer one would fire at once. */
const LONGEST_DELAY_MS = 2 ** 31 - 1

/** Headers a fault's answer can carry: refused when it is made, not on every request it matches. */
function checkHeaders(headers: unknown): void {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw new TypeError("a fault's headers are an object of names to strings")
  for (const [name, value] of Object.entries(headers))
    if (typeof value !== 'string') throw new TypeError(`the fault header ${name} is a string`)
  new Headers(headers as Record<string, string>)
}

const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  )

export class RuleSet {
  private readonly rules: Stored[] = []
  private nextId = 1

  fault(options: FaultOptions): Rule {
    if (!Number.isInteger(options.status) || options.status < 400 || options.status > 599)
      throw new RangeError(`a fault's status is 400-599; got ${options.status}`)
    if (options.message !== undefined && typeof options.message !== 'string')
      throw new TypeError(`a fault's message is a string; got ${JSON.stringify(options.message)}`)
    if (options.headers !== undefined) checkHeaders(options.headers)
    return this.add({ ...options, kind: 'fault' })
  }

  latency(options: LatencyOptions): Rule {
    if (!Number.isFinite(options.delayMs) || options.delayMs < 0 || options.delayMs > LONGEST_DELAY_MS)
      throw new RangeError(`latency takes a delayMs of 0 to ${LONGEST_DELAY_MS}; got ${options.delayMs}`)
    return this.add({ ...options, kind: 'latency' })
  }

  /**
   * The first rule of `kind` that matches the request, counted as used: a rule whose `times` ran
   * out is dropped, so the next matching request goes through.
   */
  take(kind: Rule['kind'], request: RequestFacts): Rule | undefined {
    const index = this.rules.findIndex((s) => s.rule.kind === kind && matches(s, request))
    const stored = this.rules[index]
    if (!stored) return undefined
    stored.remaining -= 1
    if (stored.remaining <= 0) this.rules.splice(index, 1)
    return stored.rule
  }

  /** The rules in force, with how many more requests each applies to (`null`: unlimited). */
  list(): Rule[] {
    return this.rules.map((s) => ({
      ...s.rule,
      remaining: Number.isFinite(s.remaining) ? s.remaining : null,
    }))
  }

  remove(id: string): boolean {
    const index = this.rules.findIndex((s) => s.rule.id === id)
    if (index >= 0) this.rules.splice(index, 1)
    return index >= 0
  }

  clear(): void {
    this.rules.length = 0
  }

  private add(options: (FaultOptions & { kind: 'fault' }) | (LatencyOptions & { kind: 'latency' })): Rule {
    for (const name of ['operationId', 'method'] as const)
      if (options[name] !== undefined && typeof options[name] !== 'string')
        throw new TypeError(`${name} is a string; got ${JSON.stringify(options[name])}`)
    if (options.path !== undefined && typeof options.path !== 'string' && !(options.path instanceof RegExp))
      throw new TypeError(`path is a string (or a RegExp); got ${JSON.stringify(options.path)}`)
    const times = options.times ?? Number.POSITIVE_INFINITY
    if (times !== Number.POSITIVE_INFINITY && (!Number.isInteger(times) || times < 1))
      throw new RangeError(`times is a positive integer; got ${options.times}`)
    const remaining = Number.isFinite(times) ? times : null
    const rule = { ...options, id: `rule_${this.nextId++}`, remaining } as Rule
    const path =
      options.path === undefined
        ? undefined
        : options.path instanceof RegExp
          ? options.path
          : globToRegExp(options.path)
    this.rules.push({ rule, remaining: times, ...(path ? { path } : {}) })
    return rule
  }
}

function matches(stored: Stored, request: RequestFacts): boolean {
  const { rule, path } = stored
  if (rule.operationId !== undefined && rule.operationId !== request.operationId) return false
  if (rule.method !== undefined && rule.method.toUpperCase() !== request.method.toUpperCase()) return false
  if (path && !path.test(request.path)) return false
  return true
}
