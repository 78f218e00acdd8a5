import { describe, expect, it } from 'vitest'
import { alternate } from './rounds.js'
import { fmt, fmtRatio, median, ratios, summarize } from './stats.js'

describe('stats', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('prints the median with its range', () => {
    expect(fmt(summarize([1200.4, 980, 1500]))).toBe('1,200 (980–1,500)')
    expect(fmt(summarize([7]))).toBe('7')
    expect(fmtRatio(ratios([30, 20, 25], [100, 100, 50]))).toBe('0.30× (0.20–0.50)')
    expect(fmtRatio(ratios([660], [100]))).toBe('6.6×')
  })
})

describe('alternate', () => {
  it('measures each contender once per round, reversing the order every other round', async () => {
    const order: string[] = []
    const contender = (name: string) => ({
      name,
      measure: async (round: number) => {
        order.push(name)
        return round
      },
    })
    const results = await alternate([contender('a'), contender('b'), contender('c')], { rounds: 3 })
    expect(order.join('')).toBe('abccbaabc')
    expect(results.get('b')).toEqual([0, 1, 2])
  })
})
