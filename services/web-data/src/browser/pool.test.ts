import { mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { CHROMIUM, describeBrowser } from '../testing/browser.js'
import { BrowserPool } from './pool.js'

/** The browser behind a new context of `pool`. */
async function browserOf(pool: BrowserPool): Promise<Browser> {
  const { context } = await pool.newContext()
  const browser = context.browser()
  if (!browser) throw new Error('a context without a browser')
  return browser
}

describeBrowser('the browser of the process', () => {
  // The browser is shared by executable: a path of these tests' own keeps them off the one that
  // the services of other test files in this worker hold.
  let folder: string
  let executablePath: string
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'pool-test-'))
    executablePath = join(folder, 'chromium')
    symlinkSync(CHROMIUM ?? '/usr/bin/chromium', executablePath)
  })
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  const pools: BrowserPool[] = []
  const newPool = () => {
    const pool = new BrowserPool({ executablePath, allowPrivateUrls: true })
    pools.push(pool)
    return pool
  }
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()))
  })

  it('is one for every pool, stays while one holds it, and closes with the last', async () => {
    const [a, b] = [newPool(), newPool()]
    const [first, second] = await Promise.all([browserOf(a), browserOf(b)])
    expect(second).toBe(first)

    // A closing pool takes its own contexts with it, not the other pool's or the browser.
    await a.close()
    expect(first.contexts()).toHaveLength(1)
    expect(first.isConnected()).toBe(true)
    await expect(a.newContext()).rejects.toMatchObject({ status: 503 })
    const page = await (await b.newContext()).context.newPage()
    await page.setContent('<p>still here</p>')
    expect(await page.textContent('p')).toBe('still here')

    await b.close()
    expect(first.isConnected()).toBe(false)
  })

  it('is launched again for every pool once it went away', async () => {
    const [a, b] = [newPool(), newPool()]
    const crashed = await browserOf(a)
    expect(await browserOf(b)).toBe(crashed)
    // As a crash looks to the pools: the browser disconnects under them.
    await crashed.close()

    const [again, alsoAgain] = await Promise.all([browserOf(a), browserOf(b)])
    expect(again).not.toBe(crashed)
    expect(alsoAgain).toBe(again)
    await a.close()
    expect(again.isConnected()).toBe(true)
    await b.close()
    expect(again.isConnected()).toBe(false)
  })
})
