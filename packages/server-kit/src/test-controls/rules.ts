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
    return this.add({ ...options, kind: 'fault' })
  }

  latency(options: LatencyOptions): Rule {
    if (!Number.isFinite(options.delayMs) || options.delayMs < 0)
      throw new RangeError(`latency takes a non-negative delayMs; got ${options.delayMs}`)
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
