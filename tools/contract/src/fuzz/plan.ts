/** How a run's requests are spread over operations and seeds. */

/** Round-robin over operations, so that every operation is exercised all along the phase. */
export function interleave<T>(lists: T[][]): T[] {
  const out: T[] = []
  const longest = Math.max(0, ...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i] as T)
  return out
}

export function share(total: number, parts: number, index: number): number {
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
