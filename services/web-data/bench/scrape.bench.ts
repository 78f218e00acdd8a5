/**
 * Benchmark (not a test): scrape to markdown of one page, sequentially, in alternating rounds:
 * POST /v2/scrape (formats: markdown, maxAge 0: every scrape fetches and converts) against a
 * script that fetches the same page and converts it with turndown. Two pages, served by a separate
 * process: a documentation article of typical size (bench/article-page.ts, 52.9 KB of HTML) and a
 * generated 1 KB page of the crawl site, where the per-request costs the bare script does not have
 * (the HTTP hop to the service, metering, the charge, the stored page) outweigh the conversion.
 * Scrapes per second, median and range; our ratio to fetch + turndown in the same round.
 */
import {
  alternate,
  fmt,
  fmtRatio,
  machineNote,
  num,
  printTable,
  quick,
  ratios,
  summarize,
} from '@apiplatform/bench'
import TurndownService from 'turndown'
import { articlePage } from './article-page.js'
import { auth, benchAgainstSite } from './common.js'
import { printSqlStats } from './sql-stats.js'

/** Sequential scrapes per contender and round. */
const PER_ROUND = Number(process.env.BENCH_SCRAPES ?? (quick ? 30 : 100))

await benchAgainstSite(50, async ({ site, service }) => {
  const turndown = new TurndownService({ headingStyle: 'atx' })
  const pages = [
    {
      label: `the ${num(Buffer.byteLength(articlePage()) / 1000, 1)} KB article`,
      url: `${site}/article.html`,
    },
    { label: 'the 1 KB page', url: `${site}/p/1` },
  ]
  const note = machineNote()
  const rows: string[][] = []
  for (const { label, url } of pages) {
    const bare = async () => turndown.turndown(await (await fetch(url)).text())
    const ours = async () => {
      const res = await fetch(`${service.url}/v2/scrape`, {
        method: 'POST',
        headers: auth(service.apiKey),
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
    const rate = (scrape: () => Promise<unknown>) => async () => {
      const t = performance.now()
      for (let i = 0; i < PER_ROUND; i++) await scrape()
      return PER_ROUND / ((performance.now() - t) / 1000)
    }
    const results = await alternate(
      [
        { name: 'ours', measure: rate(ours) },
        { name: 'bare', measure: rate(bare) },
      ],
      { describe: (r) => `${label} ${r.toFixed(1)}/s` },
    )
    printSqlStats(`our scrapes (${label})`)
    const oursRates = results.get('ours') ?? []
    const bareRates = results.get('bare') ?? []
    rows.push([
      label,
      fmt(summarize(oursRates), 1),
      fmt(summarize(bareRates), 1),
      fmtRatio(ratios(oursRates, bareRates)),
    ])
  }
  printTable(
    'web-data scrape to markdown, sequential: scrapes/s, median (range)',
    ['page', 'POST /v2/scrape', 'fetch + turndown', 'ours ÷ fetch + turndown (same round)'],
    rows,
  )
  return `Goals: the 1 KB page ≥ 0.6×, the article ≥ 0.75×. ${PER_ROUND} scrapes per contender and round.\nStarted ${note}.`
})
