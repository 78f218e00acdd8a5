import { describe, expect, it } from 'vitest'
import { NO_CHROMIUM } from '../../testing/browser.js'
import { useTestService } from '../../testing/lifecycle.js'

describe('POST /v2/interact → 503 (no browser installed)', () => {
  const t = useTestService({ worker: false, chromiumPath: NO_CHROMIUM })

  it('answers BROWSER_UNAVAILABLE and records no session', async () => {
    const { error, response } = await t.client.POST('/v2/interact', { body: {} })
    expect(response.status).toBe(503)
    expect(error).toMatchObject({ success: false, error: 'Service Unavailable', code: 'BROWSER_UNAVAILABLE' })
    const list = await t.client.GET('/v2/interact')
    expect(list.data?.sessions).toEqual([])
  })
})
