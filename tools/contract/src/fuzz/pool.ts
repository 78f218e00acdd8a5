import type { FuzzRequest } from './request.js'
import type { ValuePool } from './schema-arbitrary.js'

const PER_NAME = 40

export interface HarvestingPool extends ValuePool {
  /** Keeps the ids of a 2xx answer for later requests (by property name). */
  harvest(body: unknown, request: FuzzRequest): void
}

/**
 * Ids the service handed out (`apiId`, `keyId`, a job's `id`…), so that generated requests reach
 * existing resources and not only 404. A path parameter without values of its own name takes a
 * harvested `id`.
 */
export function createPool(): HarvestingPool {
  const values = new Map<string, string[]>()
  const add = (name: string, value: string) => {
    if (value.length === 0 || value.length > 200) return
    const list = values.get(name) ?? []
    values.set(name, list)
    if (list.includes(value)) return
    list.push(value)
    if (list.length > PER_NAME) list.shift()
  }
  return {
    pick(name, index) {
      const list =
        values.get(name) ?? values.get(`${name}Id`) ?? (/id$/i.test(name) ? values.get('id') : undefined)
      return list && list.length > 0 ? list[index % list.length] : undefined
    },
    harvest(body) {
      const stack: Array<{ value: unknown; depth: number }> = [{ value: body, depth: 0 }]
      while (stack.length > 0) {
        const { value, depth } = stack.pop() as { value: unknown; depth: number }
        if (!value || typeof value !== 'object' || depth > 6) continue
        for (const [key, child] of Object.entries(value)) {
          if (typeof child === 'string' && /(^id$|Id$|^slug$|^name$|^externalId$|^namespace$)/.test(key))
            add(key, child)
          else if (child && typeof child === 'object') stack.push({ value: child, depth: depth + 1 })
        }
      }
    },
  }
}
