/**
 * Custom domains: the DNS records a domain needs, and the check of those records.
 *
 * - routing: a `CNAME` to the platform's edge for a subdomain (`checkout.acme.com`); an apex
 *   domain (`acme.com`, two labels) cannot have a CNAME, so it gets an `ALIAS` (ANAME/flattened
 *   CNAME at the provider), verified by resolving to the edge's addresses;
 * - ownership: a `TXT` record `_deploy-control.<domain>` = `dc-verify=<token>`.
 *
 * Status: `pending` (created or re-verified, no check finished since) → `verifying` (a check
 * missed a record, `verificationError` names it; checks go on) → `verified` (every record found)
 * or, 24 hours after the window started without every record, `failed` (domain-verification.ts;
 * `domains.verifyDomain` starts a new window).
 */
import type { DnsResolver } from './dns.js'

export const EDGE_HOSTNAME = 'cname.deploy-control.app'
export const VERIFICATION_PREFIX = '_deploy-control'
export const RECORD_TTL = 300

export type DomainStatus = 'pending' | 'verifying' | 'verified' | 'failed'

export interface DnsRecord {
  type: 'CNAME' | 'ALIAS' | 'TXT'
  name: string
  value: string
  ttl: number
  verified: boolean
  note?: string
}

export interface DomainRecord {
  id: string
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
  domain: string
  status: DomainStatus
  verificationToken: string
  verificationError: string | null
  dnsRecords: DnsRecord[]
  checkSeq: number
  /** Start of the 24-hour verification window: `createdAt`, then the last `domains.verifyDomain`. */
  verificationStartedAt: number
  createdAt: number
  updatedAt: number | null
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** The canonical form of a domain name (lower case, no trailing dot), or undefined when invalid. */
export function normalizeDomain(input: string): string | undefined {
  const name = input.trim().toLowerCase().replace(/\.$/, '')
  if (name.length < 4 || name.length > 253) return undefined
  const labels = name.split('.')
  if (labels.length < 2) return undefined
  if (!labels.every((l) => LABEL.test(l))) return undefined
  // The top-level label is never all digits (that would be an IP address).
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return undefined
  return name
}

/** Whether the domain is an apex (registrable) domain; a simple two-label rule. */
export const isApex = (domain: string): boolean => domain.split('.').length === 2

export function dnsRecordsFor(domain: string, token: string): DnsRecord[] {
  const routing: DnsRecord = isApex(domain)
    ? {
        type: 'ALIAS',
        name: domain,
        value: EDGE_HOSTNAME,
        ttl: RECORD_TTL,
        verified: false,
        note: 'Apex domains cannot have a CNAME: create an ALIAS, ANAME or flattened CNAME record.',
      }
    : { type: 'CNAME', name: domain, value: EDGE_HOSTNAME, ttl: RECORD_TTL, verified: false }
  return [
    routing,
    {
      type: 'TXT',
      name: `${VERIFICATION_PREFIX}.${domain}`,
      value: `dc-verify=${token}`,
      ttl: RECORD_TTL,
      verified: false,
      note: 'Proves that you control the domain.',
    },
  ]
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, '')

/** Looks every record up and says which are in place. Lookup failures count as not found. */
export async function checkRecords(
  resolver: DnsResolver,
  records: readonly DnsRecord[],
): Promise<{ records: DnsRecord[]; error: string | undefined }> {
  const problems: string[] = []
  const checked: DnsRecord[] = []
  for (const record of records) {
    let verified = false
    try {
      if (record.type === 'TXT') {
        const txt = await resolver.resolveTxt(record.name)
        verified = txt.some((chunks) => chunks.join('') === record.value)
      } else if (record.type === 'CNAME') {
        const targets = await resolver.resolveCname(record.name)
        verified = targets.some((t) => bare(t) === bare(record.value))
      } else {
        const [mine, edge] = await Promise.all([
          resolver.resolve4(record.name),
          resolver.resolve4(record.value),
        ])
        verified = mine.length > 0 && mine.some((ip) => edge.includes(ip))
      }
    } catch (error) {
      problems.push(`${record.type} ${record.name}: lookup failed (${(error as Error).message})`)
      checked.push({ ...record, verified: false })
      continue
    }
    if (!verified) problems.push(`${record.type} ${record.name} does not point to ${record.value}`)
    checked.push({ ...record, verified })
  }
  const error = problems.length ? `Not found yet: ${problems.join('; ')}.`.slice(0, 512) : undefined
  return { records: checked, error }
}

/** The `Domain` schema of the API. */
export function toApiDomain(d: DomainRecord) {
  return {
    id: d.id,
    domain: d.domain,
    projectId: d.projectId,
    appId: d.appId,
    environmentId: d.environmentId,
    status: d.status,
    ...(d.verificationError ? { verificationError: d.verificationError } : {}),
    dnsRecords: d.dnsRecords,
    createdAt: d.createdAt,
    ...(d.updatedAt !== null ? { updatedAt: d.updatedAt } : {}),
  }
}
