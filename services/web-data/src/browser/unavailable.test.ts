import { describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../testing/browser.js'
import { useTestService } from '../testing/lifecycle.js'
import { BrowserPool } from './pool.js'

describe('503 BROWSER_UNAVAILABLE on a host without a browser', () => {
  it('names no path of the host in the answer, and logs where it looked once', () => {
    const warnings: Array<[Record<string, unknown>, string]> = []
    const pool = new BrowserPool({
      executablePath: NO_CHROMIUM,
      allowPrivateUrls: false,
      warn: (details, message) => warnings.push([details, message]),
    })
    for (let i = 0; i < 2; i++) {
      let thrown: unknown
      try {
        pool.assertAvailable()
      } catch (error) {
        thrown = error
      }
      expect(thrown).toMatchObject({ status: 503, extra: { code: 'BROWSER_UNAVAILABLE' } })
      const body = JSON.stringify((thrown as { body(): unknown }).body())
      expect(body).toContain('No browser is installed')
      expect(body).not.toContain(NO_CHROMIUM)
      expect(body).not.toMatch(/\/\w+\/\w+/)
    }
    expect(warnings).toEqual([[{ chromiumPath: NO_CHROMIUM }, expect.stringContaining('CHROMIUM_PATH')]])
  })

  describe('through the API', () => {
    const t = useTestService({ worker: false, chromiumPath: NO_CHROMIUM })

    it('POST /v2/interact answers the documented 503 without the path', async () => {
      const { error, response } = await t.client.POST('/v2/interact', { body: {} })
      expect(response.status).toBe(503)
      expect(error).toMatchObject({
        success: false,
        error: 'Service Unavailable',
        code: 'BROWSER_UNAVAILABLE',
      })
      expect(JSON.stringify(error)).not.toContain(NO_CHROMIUM)
    })
  })
})
