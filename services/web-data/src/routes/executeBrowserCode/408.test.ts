import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describeBrowser('POST /v2/interact/{sessionId}/execute → 408', () => {
  let t: TestService
  let sessionId: string
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
      `globalThis.ran = (globalThis.ran ?? 0) + 1; await new Promise((r) => setTimeout(r, 5000))`,
      10,
    )
    // Give the first run time to claim the session before the second one queues behind it (a
    // second ahead: a loaded CI machine is slow to get there; the first keeps it busy for 5 s).
    await new Promise((resolve) => setTimeout(resolve, 1000))
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
    const first = execute(`await new Promise((r) => setTimeout(r, 500))`, 5)
    await new Promise((resolve) => setTimeout(resolve, 100))
    const second = await execute('return 40 + 2', 10)
    expect(second.data).toMatchObject({ result: '42', killed: false })
    expect((await first).data).toMatchObject({ killed: false })
  }, 60_000)
})
