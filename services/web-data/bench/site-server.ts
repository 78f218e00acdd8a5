/** Serves the generated fixture site in its own process (so it does not share the event loop of the measured code). */
import { startCrawlSite } from '../src/testing/crawl-site.js'
import { articlePage } from './article-page.js'

const pages = Number(process.env.BENCH_PAGES ?? 1000)
const site = await startCrawlSite({ generated: pages, extraPages: { '/article.html': articlePage() } })
console.log(`SITE ${site.url}`)
process.on('SIGTERM', () => void site.close().then(() => process.exit(0)))
