import type { Database } from '@apiplatform/server-kit'
import { ApiError, Errors } from '../errors.js'
import { failedPages, robotsBlocked } from './page-store.js'
import type { CrawlKind, CrawlRow } from './rows.js'
import { statusBody } from './status-body.js'
import { getTeamCrawl } from './store.js'

/**
 * What the status reads need of the service: the request's deps fit it, and so does anything else
 * with a database, without this module importing the http edge.
 */
type StatusDeps = { db: Database; config: { resultPageBytes?: number | undefined } }

/** Largest `data` of one status response, in bytes of JSON; beyond it, `next` points on. */
export const DEFAULT_RESULT_PAGE_BYTES = 10_000_000

export function resultPageBytes(deps: StatusDeps): number {
  return deps.config.resultPageBytes ?? DEFAULT_RESULT_PAGE_BYTES
}

/** The team's crawl (or batch scrape), or 404 `Not Found`. */
export async function crawlOr404(
  deps: StatusDeps,
  teamId: string,
  kind: CrawlKind,
  id: string,
): Promise<CrawlRow> {
  const crawl = await getTeamCrawl(deps.db, teamId, kind, id)
  if (!crawl) throw new ApiError(404, Errors.notFound)
  return crawl
}

/** `skip` of a `next` link: a non-negative integer, else 400. */
export function readSkip(value: string | undefined): number {
  if (value === undefined || value === '') return 0
  if (!/^\d{1,9}$/.test(value)) {
    throw new ApiError(400, Errors.badRequest, {
      details: [{ path: ['skip'], message: 'Expected a non-negative integer' }],
    })
  }
  return Number(value)
}

/** Absolute URL of a resource on this service, from the request's own URL. */
export function selfUrl(requestUrl: string, path: string): string {
  return new URL(path, requestUrl).toString()
}

/** The status body of a team's crawl or batch scrape (404 when unknown), paged by `?skip=`. */
export async function jobStatus(
  deps: StatusDeps,
  job: { teamId: string; kind: CrawlKind; id: string },
  request: { skip: string | undefined; url: string },
) {
  const crawl = await crawlOr404(deps, job.teamId, job.kind, job.id)
  return statusBody(deps.db, crawl, {
    skip: readSkip(request.skip),
    maxBytes: resultPageBytes(deps),
    selfUrl: request.url,
  })
}

/** The failed pages of a team's crawl or batch scrape (404 when unknown), and what robots.txt disallowed. */
export async function jobErrors(deps: StatusDeps, job: { teamId: string; kind: CrawlKind; id: string }) {
  await crawlOr404(deps, job.teamId, job.kind, job.id)
  return { errors: await failedPages(deps.db, job.id), robotsBlocked: await robotsBlocked(deps.db, job.id) }
}
