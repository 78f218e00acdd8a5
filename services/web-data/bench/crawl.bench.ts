/**
 * Benchmark (not a test): crawl throughput over the same local 1,000-page site (served by a
 * separate process), concurrency 10 for all, in alternating rounds, each crawl a new one from the
 * first page: our crawl (POST /v2/crawl: scrape pipeline, durable pages, credits, search index),
 * a fetch + turndown loop (what a crawl to markdown costs with nothing stored and no API around
 * it), Crawlee's CheerioCrawler converting with turndown into its dataset (bench/crawlee-crawl.ts),
 * and a plain fetch loop (fetch + href regex). Pages per second, median and range; our ratios to
 * each in the same round. BENCH_CRAWLEE_FIXED=1 adds Crawlee with minConcurrency = maxConcurrency.
 */
import {
  alternate,
  fmt,
  fmtRatio,
  machineNote,
  printTable,
  quick,
  ratios,
  summarize,
} from '@apiplatform/bench'
import type { Database } from '@apiplatform/server-kit'
import TurndownService from 'turndown'
import { auth, benchAgainstSite } from './common.js'
import { crawleeCrawl } from './crawlee-crawl.js'
import { printSqlStats } from './sql-stats.js'

const PAGES = Number(process.env.BENCH_PAGES ?? (quick ? 300 : 1000))
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10)

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

await benchAgainstSite(PAGES, async ({ site, service }) => {
  const start = `${site}/p/0`
  const convert = (html: string) => turndown.turndown(html)
  // Warm-up of every side (the site process, JIT, lazily loaded modules), not measured.
  await plainLoop(start)
  await plainLoop(start, convert)
  await crawleeCrawl(start, Math.min(100, PAGES), CONCURRENCY)
  await ourCrawl(service.url, start, service.apiKey, Math.min(200, PAGES))
  printSqlStats('start-up and warm-up')
  const note = machineNote()
  let drainSecs = 0
  /** Pages per second of one crawl; waits first, untimed, until our search indexer has caught up. */
  const timed = (crawl: () => Promise<number>) => async () => {
    drainSecs += await indexerDrained(service.db)
    const t = performance.now()
    const pages = await crawl()
    if (pages < PAGES) throw new Error(`a crawl stopped at ${pages} of ${PAGES} pages`)
    return pages / ((performance.now() - t) / 1000)
  }
  const OURS = 'our crawl (POST /v2/crawl)'
  const contenders = [
    { name: OURS, measure: timed(() => ourCrawl(service.url, start, service.apiKey)) },
    { name: 'fetch + turndown loop', measure: timed(() => plainLoop(start, convert)) },
    {
      name: 'Crawlee CheerioCrawler + turndown',
      measure: timed(() => crawleeCrawl(start, PAGES, CONCURRENCY)),
    },
    ...(process.env.BENCH_CRAWLEE_FIXED === '1'
      ? [
          {
            name: 'Crawlee, minConcurrency = maxConcurrency',
            measure: timed(() => crawleeCrawl(start, PAGES, CONCURRENCY, { fixedConcurrency: true })),
          },
        ]
      : []),
    { name: 'plain fetch loop', measure: timed(() => plainLoop(start)) },
  ]
  const results = await alternate(contenders, { describe: (rate) => `${rate.toFixed(1)} pages/s` })
  printSqlStats('the measured crawls')
  const ours = results.get(OURS) ?? []
  printTable(
    `web-data crawl, ${PAGES.toLocaleString('en-US')}-page local site, concurrency ${CONCURRENCY}: pages/s, median (range)`,
    ['crawler', 'pages/s', 'ours ÷ this (same round)'],
    contenders.map(({ name }) => {
      const xs = results.get(name) ?? []
      return [name, fmt(summarize(xs)), name === OURS ? '1' : fmtRatio(ratios(ours, xs))]
    }),
  )
  return [
    `Goals: ours ≥ 0.7× the fetch + turndown loop, ≥ 5× Crawlee.`,
    `Crawlee 3.18.1 (@crawlee/cheerio) on its defaults but maxConcurrency ${CONCURRENCY}: its autoscaled pool starts one request at a time and only scales up while the machine's CPU is not overloaded.`,
    `Our search indexer catching up after our crawls, waited for before each crawl and timed by none: ${drainSecs.toFixed(2)} s in all.`,
    `Started ${note}.`,
  ].join('\n')
})
