import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type MutableSite, page, startMutableSite } from '../../monitor/testing.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describe.each(testDatabaseKinds())('POST /v2/search → 408 (%s)', (kind) => {
  let t: TestService
  let site: MutableSite
  beforeAll(async () => {
    site = await startMutableSite({ '/sloth.html': page('Sloth facts', '<p>Sloths are slow.</p>') })
    t = await startSharedTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  it('answers Request Timeout when scraping the results takes longer than timeout', async () => {
    await t.client.POST('/v2/scrape', { body: { url: site.at('/sloth.html') } })
    site.delay('/sloth.html', 30_000)
    const started = Date.now()
    const { error, response } = await t.client.POST('/v2/search', {
      body: { query: 'sloth', timeout: 300, scrapeOptions: { formats: ['markdown'] } },
    })
    expect(response.status).toBe(408)
    expect(error).toEqual({ success: false, error: 'Request Timeout' })
    // Answered before the page was: the search stopped waiting for it (a bound a loaded machine holds).
    expect(Date.now() - started).toBeLessThan(20_000)
  })
})
