/**
 * Crawl throughput: our crawl (POST /v2/crawl, scrape pipeline, group commit of pages) against a
 * plain fetch loop (fetch + href regex, same concurrency) over the same 1,000-page local site,
 * served from a separate process. Prints pages per second of both and the ratio (goal ≥ 0.7).
 * A third loop, the same plain loop that also converts each page with turndown (no storage, no
 * API), shows the ceiling of any crawl that returns markdown, against the same plain loop.
 */
import type { Database } from '@apiplatform/server-kit'
import TurndownService from 'turndown'
import { auth, startBenchService, startSiteProcess } from './common.js'
import { printSqlStats } from './sql-stats.js'

const PAGES = Number(process.env.BENCH_PAGES ?? 1000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const turndown = new TurndownService()

/** Fetches the site from `start` following `/p/` links; `convert` is run on each page's HTML. */
async function plainLoop(start: string, convert?: (html: string) => unknown): Promise<number> {
  const seen = new Set([start])
  const queue = [start]
  let done = 0
  let active = 0
  await new Promise<void>((resolve) => {
    const pump = () => {
      if (queue.length === 0 && active === 0) return resolve()
      while (active < CONCURRENCY && queue.length > 0) {
        const url = queue.shift() as string
        active++
        fetch(url)
          .then((r) => r.text())
          .then((html) => {
            done++
            convert?.(html)
            for (const m of html.matchAll(/href="([^"]+)"/g)) {
              const next = new URL(m[1] as string, url)
              next.hash = ''
              if (next.pathname.startsWith('/p/') && !seen.has(next.toString()) && seen.size < PAGES) {
                seen.add(next.toString())
                queue.push(next.toString())
              }
            }
          })
          .finally(() => {
            active--
            pump()
          })
      }
    }
    pump()
  })
  return done
}

/**
 * Waits until the search indexer has caught up with the pages our crawls recorded (it runs behind
 * them, see src/search/indexer.ts), so that a plain loop timed next does not share the machine
 * with our crawl's leftover work. Returns the seconds waited.
 */
async function indexerDrained(db: Database): Promise<number> {
  const t = performance.now()
  for (;;) {
    const rows = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM pages WHERE search IS NULL',
    )
    if (Number(rows[0]?.n) === 0) return (performance.now() - t) / 1000
    await new Promise((r) => setTimeout(r, 20))
  }
}

async function ourCrawl(base: string, start: string, key: string, limit = PAGES): Promise<number> {
  const res = await fetch(`${base}/v2/crawl`, {
    method: 'POST',
    headers: auth(key),
    body: JSON.stringify({ url: start, limit, sitemap: 'skip', maxConcurrency: CONCURRENCY }),
  })
  const { id } = (await res.json()) as { id: string }
  for (;;) {
    await new Promise((r) => setTimeout(r, 50))
    const status = (await (
      await fetch(`${base}/v2/crawl/${id}?skip=100000`, { headers: auth(key) })
    ).json()) as {
      status: string
      completed: number
    }
    if (status.status !== 'scraping') return status.completed
  }
}

const site = await startSiteProcess(PAGES)
const { service, mode } = await startBenchService()
try {
  const start = `${site.url}/p/0`
  // Warm-up of both sides (the site process, JIT, lazily loaded modules), then both measured in
  // this run, one after the other, over the same pages at the same concurrency.
  await plainLoop(start)
  await plainLoop(start, (html) => turndown.turndown(html))
  await ourCrawl(service.url, start, service.apiKey, Math.min(200, PAGES))
  printSqlStats('start-up and warm-up')
  // Rounds alternate between the two (each crawl is a new one over the same pages), so drifting
  // load on a shared machine hits both alike; the rates are totals over all rounds.
  let plainPages = 0
  let plainSecs = 0
  let convertingPages = 0
  let convertingSecs = 0
  let ourPages = 0
  let ourSecs = 0
  let drainSecs = 0
  for (let round = 0; round < ROUNDS; round++) {
    drainSecs += await indexerDrained(service.db)
    let t = performance.now()
    plainPages += await plainLoop(start)
    plainSecs += (performance.now() - t) / 1000
    t = performance.now()
    convertingPages += await plainLoop(start, (html) => turndown.turndown(html))
    convertingSecs += (performance.now() - t) / 1000
    t = performance.now()
    ourPages += await ourCrawl(service.url, start, service.apiKey)
    ourSecs += (performance.now() - t) / 1000
  }
  printSqlStats('our crawls')
  const plainRate = plainPages / plainSecs
  const convertingRate = convertingPages / convertingSecs
  const ourRate = ourPages / ourSecs
  console.log(
    `database: ${mode}; ${PAGES}-page site; concurrency ${CONCURRENCY}; ${ROUNDS} alternating rounds`,
  )
  console.log(
    `plain fetch loop: ${plainPages} pages in ${plainSecs.toFixed(2)} s = ${plainRate.toFixed(1)} pages/s`,
  )
  console.log(
    `plain loop + turndown (no storage): ${convertingPages} pages in ${convertingSecs.toFixed(2)} s = ${convertingRate.toFixed(1)} pages/s, ${(convertingRate / plainRate).toFixed(2)} of the plain loop (the ceiling of a crawl to markdown)`,
  )
  console.log(
    `our crawl:        ${ourPages} pages in ${ourSecs.toFixed(2)} s = ${ourRate.toFixed(1)} pages/s`,
  )
  console.log(
    `search indexer catching up after our crawls (before each timed plain loop, timed by neither): ${drainSecs.toFixed(2)} s`,
  )
  console.log(`crawl ratio (ours / plain): ${(ourRate / plainRate).toFixed(2)} (goal >= 0.7)`)
} finally {
  await service.stop()
  site.child.kill('SIGTERM')
}
