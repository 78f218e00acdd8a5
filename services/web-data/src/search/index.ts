import type { Sql } from '@apiplatform/server-kit'
import { indexTeamPages } from './indexer.js'

/**
 * Relevance of a page to a query, in tiers: pages holding the whole query as a phrase first, then
 * pages holding every term, then the rest (any term, by prefix); `ts_rank` orders each tier and
 * the URL breaks ties, so equal pages always come in the same order. `$2` is the OR-ed prefix
 * query, `$4` the query as the user typed it.
 */
const RELEVANCE = `ts_rank(search, to_tsquery('english', $2)) AS rank,
              (search @@ phraseto_tsquery('english', $4)) AS phrase,
              (search @@ plainto_tsquery('english', $4)) AS every_term`
const BY_RELEVANCE = 'phrase DESC, every_term DESC, rank DESC, final_url'

/** A page found by a full-text query, with its rank. */
interface RankedPageRow {
  final_url: string
  title: string | null
  description: string | null
  markdown: string
  status_code: number
  rank: number
}

const toHit = (r: RankedPageRow) => ({
  url: r.final_url,
  title: r.title,
  description: r.description,
  markdown: r.markdown,
  statusCode: Number(r.status_code),
  rank: Number(r.rank),
})

export interface PageHit {
  url: string
  title: string | null
  description: string | null
  markdown: string
  statusCode: number
  rank: number
}

/**
 * Full-text search over the pages the team has fetched (PostgreSQL `tsvector`, weighted title >
 * description > body). Terms are OR-ed so a partial match still ranks; the newest copy of each
 * URL wins.
 */
export async function searchPages(
  sql: Sql,
  teamId: string,
  query: string,
  limit: number,
): Promise<PageHit[]> {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1)
  if (terms.length === 0) return []
  const tsquery = terms.map((t) => `${t}:*`).join(' | ')
  await indexTeamPages(sql, teamId)
  const rows = await sql.query<RankedPageRow>(
    `SELECT final_url, title, description, markdown, status_code, rank FROM (
       SELECT DISTINCT ON (final_url) final_url, title, description, markdown, status_code,
              ${RELEVANCE}
       FROM pages
       WHERE team_id = $1 AND search @@ to_tsquery('english', $2)
       ORDER BY final_url, fetched_at DESC
     ) hits
     ORDER BY ${BY_RELEVANCE}
     LIMIT $3`,
    [teamId, tsquery, limit, query],
  )
  return rows.map(toHit)
}

/** Filters of POST /v2/search that the page index can honour. */
export interface SearchFilters {
  /** Only these hosts (and their subdomains). */
  includeDomains?: string[]
  /** Never these hosts (and their subdomains). */
  excludeDomains?: string[]
  /** Only pages fetched at or after this time (from `tbs`). */
  since?: Date
  /** Only pages fetched before this time (from `tbs` `cdr` ranges). */
  until?: Date
  /** Host patterns of a category (`github` → github.com); empty means any. */
  hosts?: string[]
  /** Only PDF documents (category `pdf`). */
  pdfOnly?: boolean
}

export interface IndexHit extends PageHit {
  /** Snippet around the matched words (`ts_headline`). */
  snippet: string
  fetchedAt: Date
}

/** The query terms as a prefix-matching OR query, or undefined when nothing is searchable. */
export function toTsQuery(query: string): string | undefined {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 1)
  return terms.length === 0 ? undefined : terms.map((t) => `${t}:*`).join(' | ')
}

const hostOf = `lower(substring(final_url from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)'))`

/**
 * Ranked full-text search over the team's page index with the filters of POST /v2/search. The
 * match runs on the GIN-indexed `search` tsvector (`@@`), ranked with `ts_rank`; the newest
 * copy of each URL is the one returned.
 */
export async function searchIndex(
  sql: Sql,
  teamId: string,
  query: string,
  limit: number,
  filters: SearchFilters = {},
): Promise<IndexHit[]> {
  const tsquery = toTsQuery(query)
  if (!tsquery) return []
  await indexTeamPages(sql, teamId)
  const params: unknown[] = [teamId, tsquery, limit, query]
  const where: string[] = ['team_id = $1', `search @@ to_tsquery('english', $2)`]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const domainMatch = (domains: string[]) => {
    const list = param(domains.map((d) => d.toLowerCase().replace(/^www\./, '')))
    return `EXISTS (SELECT 1 FROM unnest(${list}::text[]) d WHERE ${hostOf} = d OR ${hostOf} = 'www.' || d OR ${hostOf} LIKE '%.' || d)`
  }
  if (filters.includeDomains?.length) where.push(domainMatch(filters.includeDomains))
  if (filters.excludeDomains?.length) where.push(`NOT ${domainMatch(filters.excludeDomains)}`)
  if (filters.hosts?.length) where.push(domainMatch(filters.hosts))
  if (filters.pdfOnly) where.push(`final_url ~* '\\.pdf($|[?#])'`)
  if (filters.since) where.push(`fetched_at >= ${param(filters.since)}`)
  if (filters.until) where.push(`fetched_at < ${param(filters.until)}`)
  const rows = await sql.query<RankedPageRow & { snippet: string; fetched_at: Date }>(
    `SELECT final_url, title, description, markdown, status_code, rank, fetched_at,
            ts_headline('english', markdown, to_tsquery('english', $2),
                        'StartSel="", StopSel="", MaxWords=30, MinWords=10, MaxFragments=1') AS snippet
     FROM (
       SELECT DISTINCT ON (final_url) final_url, title, description, markdown, status_code, fetched_at,
              ${RELEVANCE}
       FROM pages
       WHERE ${where.join(' AND ')}
       ORDER BY final_url, fetched_at DESC
     ) hits
     ORDER BY ${BY_RELEVANCE}
     LIMIT $3`,
    params,
  )
  return rows.map((r) => ({
    ...toHit(r),
    snippet: r.snippet.replace(/\s+/g, ' ').trim(),
    fetchedAt: new Date(r.fetched_at),
  }))
}

/**
 * Reads a `tbs` time filter: `qdr:h|d|w|m|y` (past hour … year, with an optional count such as
 * `qdr:h6`) and `cdr:1,cd_min:MM/DD/YYYY,cd_max:MM/DD/YYYY`. Anything else gives no filter.
 */
export function readTbs(tbs: string | undefined, now = new Date()): { since?: Date; until?: Date } {
  if (!tbs) return {}
  const qdr = /qdr:([hdwmy])(\d*)/.exec(tbs)
  if (qdr) {
    const n = qdr[2] ? Number(qdr[2]) : 1
    const unit = { h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000, m: 30 * 86_400_000, y: 365 * 86_400_000 }[
      qdr[1] as 'h' | 'd' | 'w' | 'm' | 'y'
    ]
    return { since: new Date(now.getTime() - n * unit) }
  }
  const date = (s: string | undefined) => {
    const m = s && /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s)
    return m ? new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]))) : undefined
  }
  if (/cdr:1/.test(tbs)) {
    const min = date(/cd_min:([^,]+)/.exec(tbs)?.[1])
    const max = date(/cd_max:([^,]+)/.exec(tbs)?.[1])
    return {
      ...(min ? { since: min } : {}),
      ...(max ? { until: new Date(max.getTime() + 86_400_000) } : {}),
    }
  }
  return {}
}
