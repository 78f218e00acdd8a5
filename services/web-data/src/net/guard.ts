import { lookup as dnsLookup } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/** Addresses a scrape may not reach unless private URLs are allowed: loopback, private, link-local, … */
const blocked = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4')
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6')
}

/** True when `address` (an IP literal) is loopback, private, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '')
  const family = isIP(ip)
  if (family === 4) return blocked.check(ip, 'ipv4')
  if (family === 6) {
    // IPv4-mapped (::ffff:127.0.0.1) and IPv4-compatible forms carry an IPv4 address.
    const mapped = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4')
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip)
    if (hexMapped?.[1] && hexMapped[2]) {
      const hi = Number.parseInt(hexMapped[1], 16)
      const lo = Number.parseInt(hexMapped[2], 16)
      return blocked.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4')
    }
    return blocked.check(ip, 'ipv6')
  }
  return false
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
  const key = `${family}|${hints}|${hostname.toLowerCase()}`
  const hit = dnsCache.get(key)
  if (hit && hit.expires > Date.now()) {
    // Asynchronously, like a real lookup: the socket attaches its listeners first.
    const addresses = hit.addresses
    process.nextTick(() => callback(null, addresses))
    return
  }
  dnsLookup(hostname, { family, hints, all: true }, (error, addresses) => {
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
