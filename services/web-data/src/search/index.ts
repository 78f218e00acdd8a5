import type { Sql } from '@apiplatform/server-kit'

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
  const rows = await sql.query<{
    final_url: string
    title: string | null
    description: string | null
    markdown: string
    status_code: number
    rank: number
  }>(
    `SELECT final_url, title, description, markdown, status_code, rank FROM (
       SELECT DISTINCT ON (final_url) final_url, title, description, markdown, status_code,
              ts_rank(search, to_tsquery('english', $2)) AS rank
       FROM pages
       WHERE team_id = $1 AND search @@ to_tsquery('english', $2)
       ORDER BY final_url, fetched_at DESC
     ) hits
     ORDER BY rank DESC, final_url
     LIMIT $3`,
    [teamId, tsquery, limit],
  )
  return rows.map((r) => ({
    url: r.final_url,
    title: r.title,
    description: r.description,
    markdown: r.markdown,
    statusCode: Number(r.status_code),
    rank: Number(r.rank),
  }))
}
