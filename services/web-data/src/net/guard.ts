import { lookup as dnsLookup } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/** IPv4 ranges a scrape may not reach unless private URLs are allowed: loopback, private, link-local, … */
const blockedV4 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, 'ipv4')
}

/** IPv6 ranges that are not public whatever they carry. */
const blockedV6 = new BlockList()
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (::a.b.c.d, deprecated; ::7f00:1 is 127.0.0.1)
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments, Teredo (2001::/32) included: its IPv4 is obfuscated
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, 'ipv6')
}

/**
 * The 16 bytes of an IPv6 literal (`isIP` already said it is one), with a trailing dotted quad
 * (`::ffff:127.0.0.1`) and `::` expanded.
 */
function ipv6Bytes(ip: string): number[] {
  let text = ip.replace(/%.*$/, '')
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)))
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const words = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right]
  return words.flatMap((w) => [w >> 8, w & 255])
}

const v4 = (bytes: number[], at: number) => bytes.slice(at, at + 4).join('.')
const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b)

/**
 * The IPv4 address an IPv6 address carries, for the forms that reach an IPv4 host: IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4
 * (`2002:aabb:ccdd::`).
 */
function embeddedIpv4(bytes: number[]): string | undefined {
  const zeros = (n: number) => new Array(n).fill(0)
  if (startsWith(bytes, [...zeros(10), 0xff, 0xff])) return v4(bytes, 12)
  if (startsWith(bytes, [...zeros(8), 0xff, 0xff, 0, 0])) return v4(bytes, 12)
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return v4(bytes, 12)
  if (startsWith(bytes, [0x20, 0x02])) return v4(bytes, 2)
  return undefined
}

/**
 * True when `address` (an IP literal, bracketed or not) is loopback, private, link-local or
 * otherwise not public, in any of its spellings: an IPv6 address that carries an IPv4 one is
 * judged by that IPv4 address, and the IPv4-compatible range `::/96` is refused as a whole.
 */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '')
  const family = isIP(ip)
  if (family === 4) return blockedV4.check(ip, 'ipv4')
  if (family !== 6) return false
  const bytes = ipv6Bytes(ip)
  const carried = embeddedIpv4(bytes)
  if (carried !== undefined) return blockedV4.check(carried, 'ipv4')
  const canonical = Array.from({ length: 8 }, (_, i) =>
    (((bytes[2 * i] as number) << 8) | (bytes[2 * i + 1] as number)).toString(16),
  ).join(':')
  return blockedV6.check(canonical, 'ipv6')
}

/** Raised when a URL (or a hop of its redirects) resolves to an address that is not allowed. */
export class PrivateAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a loopback, private or link-local address`)
    this.name = 'PrivateAddressError'
  }
}

/** How long a resolved name is reused by the guarded lookup (the guard still checks every use). */
export const DNS_CACHE_MS = 10_000
const DNS_CACHE_MAX = 1000
type Resolved = Array<{ address: string; family: number }>
const dnsCache = new Map<string, { addresses: Resolved; expires: number }>()

/**
 * The name the guard resolves for `hostname`. A fully qualified spelling ends in the root label's
 * dot (`localhost.`, `metadata.internal.`): the same host, but the system resolver may not answer it
 * from the hosts file as it answers the plain name, so a private host would look unresolvable at
 * submission and be reached later. Names under `localhost` are loopback (RFC 6761; browsers treat
 * them so) and resolve as `localhost` itself.
 */
export function lookupName(hostname: string): string {
  // Only dots after a label: a name of dots alone stays as it is (and resolves to nothing).
  const name = hostname.toLowerCase().replace(/(?<=[^.])\.+$/, '')
  return name.endsWith('.localhost') ? 'localhost' : name
}

/**
 * `dns.lookup` (all addresses) with a short per-host cache: a crawl asks for the same host
 * hundreds of times a second, and the system resolver (getaddrinfo on the libuv thread pool) is
 * slow and serialised. Only successful answers are cached, for `DNS_CACHE_MS`.
 */
function cachedLookup(
  hostname: string,
  family: number,
  hints: number,
  callback: (error: NodeJS.ErrnoException | null, addresses: Resolved) => void,
): void {
  const name = lookupName(hostname)
  const key = `${family}|${hints}|${name}`
  const hit = dnsCache.get(key)
  if (hit && hit.expires > Date.now()) {
    // Asynchronously, like a real lookup: the socket attaches its listeners first.
    const addresses = hit.addresses
    process.nextTick(() => callback(null, addresses))
    return
  }
  dnsLookup(name, { family, hints, all: true }, (error, addresses) => {
    if (error) {
      callback(error, [])
      return
    }
    const list = addresses as unknown as Resolved
    if (dnsCache.size >= DNS_CACHE_MAX) dnsCache.delete(dnsCache.keys().next().value as string)
    dnsCache.set(key, { addresses: list, expires: Date.now() + DNS_CACHE_MS })
    callback(null, list)
  })
}

/** Every address `hostname` resolves to (through the same short cache as the guarded lookup). */
export function resolveHost(hostname: string): Promise<Resolved> {
  return new Promise((resolve, reject) =>
    cachedLookup(hostname, 0, 0, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  )
}

/** Forgets cached DNS answers (tests). */
export function clearDnsCache(): void {
  dnsCache.clear()
}

/**
 * A `lookup` for http.request that refuses private addresses. Because the check runs on the very
 * addresses the socket connects to, a name that resolves differently on a second lookup (DNS
 * rebinding) cannot slip through. The resolution may come from a short cache (`DNS_CACHE_MS`);
 * the check itself runs on every call, i.e. on every new connection of every hop.
 */
export function guardedLookup(isBlocked: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    const raw = typeof options === 'number' ? options : options?.family
    const family = raw === 'IPv4' || raw === 4 ? 4 : raw === 'IPv6' || raw === 6 ? 6 : 0
    const hints = typeof options === 'number' ? 0 : (options?.hints ?? 0)
    cachedLookup(hostname, family, hints, (error, list) => {
      if (error) return callback(error, '', 0)
      const bad = list.find((a) => isBlocked(a.address))
      if (bad) return callback(new PrivateAddressError(hostname, bad.address), '', 0)
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: typeof list) => void)(null, list)
      const first = list[0]
      if (!first) return callback(new Error(`no address for ${hostname}`), '', 0)
      callback(null, first.address, first.family)
    })
  }
}

/** Checks a host that is an IP literal (no DNS lookup happens for those). */
export function assertHostAllowed(hostname: string, isBlocked: (address: string) => boolean): void {
  const host = hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && isBlocked(host)) throw new PrivateAddressError(hostname, host)
}
