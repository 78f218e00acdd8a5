import type { Sql } from '@apiplatform/server-kit'
import { pageDocuments } from './page-store.js'
import type { CrawlRow } from './rows.js'

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : undefined)

/** The status body of GET /v2/crawl/{id} and GET /v2/batch/scrape/{id}. */
export async function statusBody(
  sql: Sql,
  crawl: CrawlRow,
  options: { skip: number; maxBytes: number; selfUrl: string },
) {
  // Nothing to read past the finished pages (pollers often ask for progress alone that way).
  const { documents, more } =
    options.skip >= crawl.pages_done
      ? { documents: [], more: false }
      : await pageDocuments(sql, crawl.id, options.skip, options.maxBytes)
  let next: string | null = null
  if (more) {
    const url = new URL(options.selfUrl)
    url.search = ''
    url.searchParams.set('skip', String(options.skip + documents.length))
    next = url.toString()
  }
  const created = new Date(crawl.created_at)
  const completedAt = iso(crawl.completed_at)
  return {
    success: true as const,
    status: crawl.status,
    total: crawl.pages_total,
    completed: crawl.pages_done,
    creditsUsed: Number(crawl.credits_used),
    expiresAt: new Date(crawl.expires_at).toISOString(),
    createdAt: created.toISOString(),
    ...(completedAt
      ? {
          completedAt,
          duration: (new Date(completedAt).getTime() - created.getTime()) / 1000,
        }
      : {}),
    next,
    data: documents as never[],
  }
}
