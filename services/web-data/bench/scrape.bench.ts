/**
 * Scrape-to-markdown of one page: POST /v2/scrape (formats: markdown, maxAge 0) against a bare
 * script that fetches the page and converts it with turndown, sequentially, same page, same count,
 * after a warm-up of both, in alternating rounds. Two pages: a documentation article of typical
 * size (about 50 KB of HTML, bench/article-page.ts) and a generated 1 KB page of the crawl site,
 * where the per-request costs the bare script does not have (the HTTP hop to the service, metering,
 * the charge and the search index) outweigh the conversion. Prints scrapes per second of both and
 * the ratio for each page (goal ≥ 0.5).
 */
import TurndownService from 'turndown'
import { auth, startBenchService, startSiteProcess } from './common.js'
import { printSqlStats } from './sql-stats.js'

const N = Number(process.env.BENCH_SCRAPES ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const site = await startSiteProcess(50)
const { service, mode } = await startBenchService()
try {
  const turndown = new TurndownService({ headingStyle: 'atx' })
  const pages = [
    { label: 'article (about 50 KB of HTML)', url: `${site.url}/article.html` },
    { label: 'generated page (1 KB of HTML)', url: `${site.url}/p/1` },
  ]
  const lines: string[] = []
  for (const { label, url } of pages) {
    const bare = async () => {
      const html = await (await fetch(url)).text()
      return turndown.turndown(html)
    }
    const ours = async () => {
      const res = await fetch(`${service.url}/v2/scrape`, {
        method: 'POST',
        headers: auth(service.apiKey),
        // maxAge 0: every scrape fetches and converts (the default would answer from the page cache).
        body: JSON.stringify({ url, formats: ['markdown'], maxAge: 0 }),
      })
      const body = (await res.json()) as { data?: { markdown?: string } }
      if (!body.data?.markdown) throw new Error(`scrape failed: ${JSON.stringify(body)}`)
    }
    for (let i = 0; i < 20; i++) {
      await bare()
      await ours()
    }
    printSqlStats(`start-up and warm-up (${label})`)
    // Rounds alternate between the two, so drifting load on a shared machine hits both alike.
    let bareSecs = 0
    let ourSecs = 0
    const per = Math.ceil(N / ROUNDS)
    for (let round = 0; round < ROUNDS; round++) {
      let t = performance.now()
      for (let i = 0; i < per; i++) await bare()
      bareSecs += (performance.now() - t) / 1000
      t = performance.now()
      for (let i = 0; i < per; i++) await ours()
      ourSecs += (performance.now() - t) / 1000
    }
    const bareRate = (per * ROUNDS) / bareSecs
    const ourRate = (per * ROUNDS) / ourSecs
    printSqlStats(`our scrapes (${label})`)
    lines.push(
      `${label}: ${per * ROUNDS} sequential scrapes, ${ROUNDS} alternating rounds`,
      `  bare fetch + turndown: ${bareRate.toFixed(1)} /s`,
      `  POST /v2/scrape:       ${ourRate.toFixed(1)} /s`,
      `  scrape ratio (ours / bare): ${(ourRate / bareRate).toFixed(2)} (goal >= 0.5)`,
    )
  }
  console.log(`database: ${mode}`)
  for (const line of lines) console.log(line)
} finally {
  await service.stop()
  site.child.kill('SIGTERM')
}
