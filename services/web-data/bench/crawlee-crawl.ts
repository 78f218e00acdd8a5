/**
 * The crawler a Node team would pick instead of ours: Crawlee's CheerioCrawler (@crawlee/cheerio),
 * on its defaults but for `maxConcurrency` (as ours), following the site's `/p/` links, converting
 * each page with turndown and storing it in its dataset. Its storage (request queue, dataset) goes
 * to a fresh temporary folder per crawl, removed afterwards; nothing leaves the machine.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CheerioCrawler, Configuration, log } from '@crawlee/cheerio'
import TurndownService from 'turndown'

log.setLevel(log.LEVELS.WARNING)
const turndown = new TurndownService()

/** Crawls from `start` until `pages` pages are stored; returns how many were. */
export async function crawleeCrawl(
  start: string,
  pages: number,
  concurrency: number,
  options: { fixedConcurrency?: boolean } = {},
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'crawlee-bench-'))
  try {
    const config = new Configuration({
      storageClientOptions: { localDataDirectory: dir },
      persistStorage: true,
      purgeOnStart: true,
    })
    let stored = 0
    const crawler = new CheerioCrawler(
      {
        maxConcurrency: concurrency,
        ...(options.fixedConcurrency ? { minConcurrency: concurrency } : {}),
        maxRequestsPerCrawl: pages,
        async requestHandler({ request, body, enqueueLinks, pushData }) {
          const markdown = turndown.turndown(body.toString())
          await pushData({ url: request.loadedUrl ?? request.url, markdown })
          stored++
          await enqueueLinks({ globs: [`${new URL(start).origin}/p/*`] })
        },
      },
      config,
    )
    await crawler.run([start])
    const dataset = await crawler.getData()
    if (dataset.count !== stored) throw new Error(`Crawlee stored ${dataset.count} of ${stored} pages`)
    return stored
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
