import { randomUUID } from 'node:crypto'
import type { Sql } from '@apiplatform/server-kit'

/** How long GET /v2/scrape/{jobId} can return a result. */
export const SCRAPE_RESULT_TTL_MS = 24 * 60 * 60 * 1000

export type ScrapeSessionState = 'none' | 'active' | 'stopped' | 'expired'

export interface ScrapeJob {
  id: string
  teamId: string
  url: string
  finalUrl: string
  /** Null for zero-data-retention scrapes. */
  document: Record<string, unknown> | null
  usedBrowser: boolean
  sessionState: ScrapeSessionState
  expired: boolean
}

/** A new scrape job id (UUID). */
export function newScrapeJobId(): string {
  return randomUUID()
}

/** The team's scrape job, or undefined (unknown id or another team's job). */
export async function getScrapeJob(sql: Sql, teamId: string, id: string): Promise<ScrapeJob | undefined> {
  const rows = await sql.query<{
    id: string
    team_id: string
    url: string
    final_url: string
    document: Record<string, unknown> | string | null
    used_browser: boolean
    session_state: ScrapeSessionState
    expired: boolean
  }>(
    `SELECT id, team_id, url, final_url, document, used_browser, session_state, expires_at < now() AS expired
       FROM scrape_jobs WHERE id = $1 AND team_id = $2`,
    [id, teamId],
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    teamId: row.team_id,
    url: row.url,
    finalUrl: row.final_url,
    document: typeof row.document === 'string' ? JSON.parse(row.document) : row.document,
    usedBrowser: row.used_browser,
    sessionState: row.session_state,
    expired: row.expired,
  }
}

/** Moves the job's browser session to `state`. */
export async function setScrapeSessionState(sql: Sql, id: string, state: ScrapeSessionState): Promise<void> {
  await sql.query(
    `UPDATE scrape_jobs SET session_state = $2,
        session_started_at = CASE WHEN $2 = 'active' THEN coalesce(session_started_at, now()) ELSE session_started_at END,
        session_ended_at = CASE WHEN $2 IN ('stopped', 'expired') THEN now() ELSE session_ended_at END
      WHERE id = $1`,
    [id, state],
  )
}
