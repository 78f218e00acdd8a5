/**
 * Scrape-to-markdown of one page: POST /v2/scrape (formats: markdown) against a bare script that
 * fetches the page and converts it with turndown, sequentially, same page, same count, after a
 * warm-up of both, in alternating rounds. Prints scrapes per second of both and the ratio (goal ≥ 0.5).
 */
import TurndownService from 'turndown'
import { auth, startBenchService, startSiteProcess } from './common.js'
import { printSqlStats } from './sql-stats.js'

const N = Number(process.env.BENCH_SCRAPES ?? 300)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

const site = await startSiteProcess(50)
const { service, mode } = await startBenchService()
try {
  const page = `${site.url}/p/1`
  const turndown = new TurndownService({ headingStyle: 'atx' })
  const bare = async () => {
    const html = await (await fetch(page)).text()
    return turndown.turndown(html)
  }
  const ours = async () => {
    const res = await fetch(`${service.url}/v2/scrape`, {
      method: 'POST',
      headers: auth(service.apiKey),
      body: JSON.stringify({ url: page, formats: ['markdown'] }),
    })
    const body = (await res.json()) as { data?: { markdown?: string } }
    if (!body.data?.markdown) throw new Error(`scrape failed: ${JSON.stringify(body)}`)
  }
  for (let i = 0; i < 20; i++) {
    await bare()
    await ours()
  }
  printSqlStats('start-up and warm-up')
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
  printSqlStats('our scrapes')
  console.log(
    `database: ${mode}; ${per * ROUNDS} sequential scrapes of one page, ${ROUNDS} alternating rounds`,
  )
  console.log(`bare fetch + turndown: ${bareRate.toFixed(1)} /s`)
  console.log(`POST /v2/scrape:       ${ourRate.toFixed(1)} /s`)
  console.log(`scrape ratio (ours / bare): ${(ourRate / bareRate).toFixed(2)} (goal >= 0.5)`)
} finally {
  await service.stop()
  site.child.kill('SIGTERM')
}
