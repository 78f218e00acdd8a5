import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import type { TestService } from '../../testing/harness.js'
import { useFixtureSite } from '../../testing/lifecycle.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describeBrowser('POST /v2/interact/{sessionId}/execute → 408', () => {
  const site = useFixtureSite()
  let t: TestService
  let sessionId: string
  /** Code that asks the site for `marker` first: the test waits for that, not for a fixed time. */
  const signalling = (marker: string, code: string) =>
    `await page.goto(${JSON.stringify(site.at(marker))}); ${code}`
  const started = (marker: string) =>
    vi.waitFor(() => expect(site.hits.get(marker)).toBe(1), { timeout: 30_000, interval: 20 })
  beforeAll(async () => {
    t = await startSharedTestService()
    const { data } = await t.client.POST('/v2/interact', { body: {} })
    sessionId = String(data?.id)
  })
  afterAll(async () => {
    await t?.stop()
  })

  const execute = (code: string, timeout: number) =>
    t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: { code, timeout },
    })

  it('answers Request Timeout when the session stays busy for the whole timeout, and runs nothing', async () => {
    const first = execute(
      signalling(
        '/started-408-busy',
        `globalThis.ran = (globalThis.ran ?? 0) + 1; await new Promise((r) => setTimeout(r, 5000))`,
      ),
      10,
    )
    // The first run holds the session (it reached its marker) before the second one queues.
    await started('/started-408-busy')
    const second = await execute(`globalThis.ran = (globalThis.ran ?? 0) + 100`, 1)
    expect(second.response.status).toBe(408)
    expect(second.error).toMatchObject({
      success: false,
      error: 'Request Timeout',
      code: 'SESSION_BUSY_TIMEOUT',
    })
    expect((await first).data).toMatchObject({ killed: false, exitCode: 0 })
    const count = await execute('return String(globalThis.ran)', 5)
    expect(count.data).toMatchObject({ result: '1', killed: false })
  }, 60_000)

  it('runs queued code once the session frees within its timeout', async () => {
    const first = execute(signalling('/started-408-frees', `await new Promise((r) => setTimeout(r, 500))`), 5)
    await started('/started-408-frees')
    const second = await execute('return 40 + 2', 10)
    expect(second.data).toMatchObject({ result: '42', killed: false })
    expect((await first).data).toMatchObject({ killed: false })
  }, 60_000)
})
