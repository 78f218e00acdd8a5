import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { authenticate } from '../../billing/keys.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/scrape → 408 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('answers `Request Timeout` when the page is slower than `timeout`, and charges nothing', async () => {
    const principal = await authenticate(t.service.db, t.apiKey)
    const before = await balance(t.service.db, principal?.teamId ?? '')
    const started = Date.now()
    const { error, response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/slow?ms=30000'), timeout: 1000 },
    })
    expect(response.status).toBe(408)
    expect(error).toEqual({ success: false, error: 'Request Timeout' })
    // Answered before the page was: the scrape stopped waiting for it (a bound a loaded machine holds).
    expect(Date.now() - started).toBeLessThan(20_000)
    expect(await balance(t.service.db, principal?.teamId ?? '')).toBe(before)
  })

  it('waits for a slow page within the timeout', async () => {
    const { response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/slow?ms=300'), timeout: 5000 },
    })
    expect(response.status).toBe(200)
  })
})
