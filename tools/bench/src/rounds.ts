import { settings } from './settings.js'

/** One side of a comparison: measured once per round. */
export interface Contender<R> {
  name: string
  measure(round: number): Promise<R>
}

/**
 * Measures every contender once per round, in alternating order (ABC, CBA, ABC, …), so that the
 * drifting load of a shared machine hits all of them alike and none always follows the same
 * one. Returns each contender's results by name, one per round in round order.
 */
export async function alternate<R>(
  contenders: readonly Contender<R>[],
  options: { rounds?: number; describe?: (result: R) => string } = {},
): Promise<Map<string, R[]>> {
  const rounds = options.rounds ?? settings.rounds
  const results = new Map(contenders.map((c) => [c.name, [] as R[]]))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? contenders : [...contenders].reverse()
    for (const contender of order) {
      const result = await contender.measure(round)
      results.get(contender.name)?.push(result)
      const what = options.describe ? `: ${options.describe(result)}` : ''
      process.stderr.write(`  round ${round + 1}/${rounds} ${contender.name}${what}\n`)
    }
  }
  return results
}
