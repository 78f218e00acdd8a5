/**
 * DNS lookups of domain verification behind an interface, so tests (and air-gapped installs)
 * inject their own answers. `systemDnsResolver` is the default, on `node:dns/promises`.
 */
import { Resolver } from 'node:dns/promises'

export interface DnsResolver {
  /** TXT records of `name`, each as its character strings; [] when there are none. */
  resolveTxt(name: string): Promise<string[][]>
  /** CNAME targets of `name`; [] when there are none. */
  resolveCname(name: string): Promise<string[]>
  /** IPv4 addresses of `name`; [] when there are none. */
  resolve4(name: string): Promise<string[]>
}

/** "No such record" answers are empty lists; other failures (timeouts, SERVFAIL) are thrown. */
const NO_DATA = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN', 'ENONAME'])

async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup
  } catch (error) {
    if (NO_DATA.has((error as { code?: string }).code ?? '')) return []
    throw error
  }
}

export function systemDnsResolver(options: { timeoutMs?: number; servers?: string[] } = {}): DnsResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs ?? 5000, tries: 2 })
  if (options.servers?.length) resolver.setServers(options.servers)
  return {
    resolveTxt: (name) => orEmpty(resolver.resolveTxt(name)),
    resolveCname: (name) => orEmpty(resolver.resolveCname(name)),
    resolve4: (name) => orEmpty(resolver.resolve4(name)),
  }
}

/** A resolver answering from a table (tests, demos): `set('TXT', name, [...])`. */
export class StaticDnsResolver implements DnsResolver {
  private readonly records = new Map<string, string[]>()

  set(type: 'TXT' | 'CNAME' | 'A', name: string, values: string[]): void {
    this.records.set(`${type} ${name.toLowerCase()}`, values)
  }

  clear(name: string): void {
    for (const type of ['TXT', 'CNAME', 'A']) this.records.delete(`${type} ${name.toLowerCase()}`)
  }

  private get(type: string, name: string): string[] {
    return this.records.get(`${type} ${name.toLowerCase().replace(/\.$/, '')}`) ?? []
  }

  async resolveTxt(name: string) {
    return this.get('TXT', name).map((v) => [v])
  }
  async resolveCname(name: string) {
    return this.get('CNAME', name)
  }
  async resolve4(name: string) {
    return this.get('A', name)
  }
}
