import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttl-cache.js'

describe('TtlCache', () => {
  it('serves a value for ttlMs, then loads again', async () => {
    let now = 0
    let loads = 0
    const cache = new TtlCache<number>(1000, () => now)
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    now = 999
    expect(await cache.get('k', load)).toBe(1)
    now = 1000
    expect(await cache.get('k', load)).toBe(2)
  })

  it('shares one load among concurrent misses', async () => {
    let loads = 0
    const cache = new TtlCache<number>(1000)
    const load = async () => {
      loads++
      await new Promise((r) => setTimeout(r, 10))
      return loads
    }
    expect(await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)])).toEqual([
      1, 1, 1,
    ])
    expect(loads).toBe(1)
  })

  it('does not keep what a load read before an invalidation (a write in between)', async () => {
    const cache = new TtlCache<string>(60_000)
    let release: (v: string) => void = () => {}
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)))
    cache.invalidate() // a write commits while the read is in flight
    release('stale')
    expect(await slow).toBe('stale')
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh')
  })

  it('keeps only what `keep` accepts, and caches nothing with ttlMs 0', async () => {
    const cache = new TtlCache<string | undefined>(1000)
    await cache.get(
      'missing',
      async () => undefined,
      (v) => v !== undefined,
    )
    expect(
      await cache.get(
        'missing',
        async () => 'created',
        (v) => v !== undefined,
      ),
    ).toBe('created')
    let loads = 0
    const off = new TtlCache<number>(0)
    await off.get('k', async () => ++loads)
    await off.get('k', async () => ++loads)
    expect(loads).toBe(2)
  })
})
