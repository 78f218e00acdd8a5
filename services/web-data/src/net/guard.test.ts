import type { LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import { clearDnsCache, guardedLookup, isPrivateAddress, PrivateAddressError } from './guard.js'

const lookup = (isBlocked: (address: string) => boolean, host: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    guardedLookup(isBlocked)(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses as unknown as LookupAddress[]),
    ),
  )

describe('guardedLookup', () => {
  it('checks every lookup, also when the resolution comes from the cache', async () => {
    clearDnsCache()
    // The first lookup resolves and caches; the guarded ones after it are answered from the cache.
    expect((await lookup(() => false, 'localhost')).length).toBeGreaterThan(0)
    await expect(lookup(isPrivateAddress, 'localhost')).rejects.toBeInstanceOf(PrivateAddressError)
    await expect(lookup(isPrivateAddress, 'localhost')).rejects.toBeInstanceOf(PrivateAddressError)
    expect((await lookup(() => false, 'localhost')).length).toBeGreaterThan(0)
  })

  it('answers asynchronously from the cache, like a real lookup', async () => {
    await lookup(() => false, 'localhost')
    let answered = false
    const done = new Promise<void>((resolve) =>
      guardedLookup(() => false)('localhost', { all: true }, () => {
        answered = true
        resolve()
      }),
    )
    expect(answered).toBe(false)
    await done
    expect(answered).toBe(true)
  })
})
