import type { LookupAddress } from 'node:dns'
import { describe, expect, it } from 'vitest'
import {
  clearDnsCache,
  guardedLookup,
  isPrivateAddress,
  lookupName,
  PrivateAddressError,
  resolveHost,
} from './guard.js'

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

describe('names spelled with a trailing dot, and names under localhost', () => {
  it('resolve as the plain name: loopback ones are refused like localhost', async () => {
    for (const host of ['localhost.', 'localhost..', 'LOCALHOST.', 'app.localhost', 'app.localhost.']) {
      await expect(lookup(isPrivateAddress, host), host).rejects.toBeInstanceOf(PrivateAddressError)
      const addresses = await resolveHost(host)
      expect(addresses.length, host).toBeGreaterThan(0)
      expect(
        addresses.every((a) => isPrivateAddress(a.address)),
        host,
      ).toBe(true)
    }
  })

  it('lookupName drops the root label and maps names under localhost to localhost (RFC 6761)', () => {
    expect(lookupName('Example.org.')).toBe('example.org')
    expect(lookupName('localhost..')).toBe('localhost')
    expect(lookupName('a.b.localhost.')).toBe('localhost')
    expect(lookupName('notlocalhost')).toBe('notlocalhost')
    expect(lookupName('..')).toBe('..')
    expect(lookupName('localhost.example.org')).toBe('localhost.example.org')
  })
})

describe('isPrivateAddress', () => {
  it('refuses loopback and private addresses in every spelling', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '::1',
      '[::1]',
      '::',
      '::127.0.0.1', // IPv4-compatible, as written
      '::7f00:1', // …and as the URL parser normalises it ([::127.0.0.1])
      '[::7f00:1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:0:7f00:1', // IPv4-translated
      '64:ff9b::127.0.0.1', // NAT64
      '64:ff9b::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::808:808', // local-use NAT64
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo
      '2001:db8::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '::8.8.8.8', // IPv4-compatible: deprecated, refused as a whole
    ]) {
      expect(isPrivateAddress(address), address).toBe(true)
    }
  })

  it('lets public addresses through, also when carried by IPv6', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.216.34',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      'example.org',
    ]) {
      expect(isPrivateAddress(address), address).toBe(false)
    }
  })

  it('judges the host the URL parser leaves of [::127.0.0.1]', () => {
    expect(isPrivateAddress(new URL('http://[::127.0.0.1]/').hostname)).toBe(true)
    expect(isPrivateAddress(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(true)
  })
})
