import type { Sql } from '@apiplatform/server-kit'
import type { DnsRecord, DomainRecord, DomainStatus } from '../domain/custom-domain.js'
import { type EnvironmentRow, environmentFields, json, num, numOrNull, type RowLock } from './rows.js'
import { type SearchPageInput, searchPage } from './search-page.js'

interface Row extends EnvironmentRow {
  domain: string
  status: DomainStatus
  verification_token: string
  verification_error: string | null
  dns_records: unknown
  check_seq: unknown
  verification_started_at: unknown
  created_at: unknown
  updated_at: unknown
}

const toRecord = (r: Row): DomainRecord => ({
  ...environmentFields(r),
  domain: r.domain,
  status: r.status,
  verificationToken: r.verification_token,
  verificationError: r.verification_error,
  dnsRecords: json<DnsRecord[]>(r.dns_records),
  checkSeq: num(r.check_seq),
  verificationStartedAt: num(r.verification_started_at),
  createdAt: num(r.created_at),
  updatedAt: numOrNull(r.updated_at),
})

/** A domain of the workspace by name or id. */
export async function findDomain(sql: Sql, workspaceId: string, domainOrId: string, options: RowLock = {}) {
  const rows = await sql.query<Row>(
    `SELECT * FROM domains WHERE workspace_id = $1 AND (domain = lower($2) OR id = $2)${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [workspaceId, domainOrId.replace(/\.$/, '')],
  )
  return rows[0] && toRecord(rows[0])
}

export async function findDomainById(sql: Sql, id: string): Promise<DomainRecord | undefined> {
  const rows = await sql.query<Row>('SELECT * FROM domains WHERE id = $1', [id])
  return rows[0] && toRecord(rows[0])
}

export async function insertDomain(
  sql: Sql,
  d: Omit<DomainRecord, 'updatedAt' | 'verificationError' | 'checkSeq' | 'status' | 'verificationStartedAt'>,
): Promise<boolean> {
  // The verification window of a new domain starts at its creation.
  const rows = await sql.query(
    `INSERT INTO domains (id, workspace_id, project_id, app_id, environment_id, domain, status, verification_token,
       dns_records, check_seq, verification_started_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, 1, $9, $9, $9)
     ON CONFLICT (domain) DO NOTHING RETURNING id`,
    [
      d.id,
      d.workspaceId,
      d.projectId,
      d.appId,
      d.environmentId,
      d.domain,
      d.verificationToken,
      JSON.stringify(d.dnsRecords),
      d.createdAt,
    ],
  )
  return rows.length > 0
}

/**
 * Restarts verification (`domains.verifyDomain`): the domain is `pending` again with a new 24-hour
 * window from `now`, and older queued checks are superseded.
 */
export async function beginDomainCheck(sql: Sql, id: string, now: number): Promise<number> {
  const rows = await sql.query<{ check_seq: unknown }>(
    `UPDATE domains SET status = 'pending', check_seq = check_seq + 1, verification_started_at = $2, updated_at = $2
     WHERE id = $1 RETURNING check_seq`,
    [id, now],
  )
  return num(rows[0]?.check_seq)
}

/** Records the result of check `seq`; does nothing (false) when a newer check superseded it. */
export async function finishDomainCheck(
  sql: Sql,
  id: string,
  seq: number,
  result: { status: DomainStatus; records: DnsRecord[]; error: string | undefined },
  now: number,
): Promise<boolean> {
  const rows = await sql.query(
    `UPDATE domains SET status = $3, dns_records = $4, verification_error = $5, checked_at = $6, updated_at = $6
     WHERE id = $1 AND check_seq = $2 AND status <> 'verified' RETURNING id`,
    [id, seq, result.status, JSON.stringify(result.records), result.error ?? null, now],
  )
  return rows.length > 0
}

/** Decided in one statement: false when the domain was already gone (a concurrent deletion). */
export async function deleteDomain(sql: Sql, id: string): Promise<boolean> {
  return (await sql.query('DELETE FROM domains WHERE id = $1 RETURNING id', [id])).length === 1
}

/** Domains of an environment (`ownerId`), oldest first, after the cursor key, optionally matching `search`. */
export async function listDomains(sql: Sql, input: SearchPageInput): Promise<DomainRecord[]> {
  return (await searchPage<Row>(sql, 'domains', input)).map(toRecord)
}

/** The verified domain names of an environment, oldest first. */
export async function verifiedDomainNames(sql: Sql, environmentId: string): Promise<string[]> {
  const rows = await sql.query<{ domain: string }>(
    "SELECT domain FROM domains WHERE environment_id = $1 AND status = 'verified' ORDER BY created_at, id",
    [environmentId],
  )
  return rows.map((r) => r.domain)
}
