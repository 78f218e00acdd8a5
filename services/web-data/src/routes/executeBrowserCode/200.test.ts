import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { type FixtureSite, startFixtureSite } from '../../testing/fixture-site.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

describeBrowser('POST /v2/interact/{sessionId}/execute → 200', () => {
  let t: TestService
  let site: FixtureSite
  let sessionId: string
  beforeAll(async () => {
    site = await startFixtureSite()
    t = await startSharedTestService()
    const { data } = await t.client.POST('/v2/interact', { body: {} })
    sessionId = String(data?.id)
  })
  afterAll(async () => {
    await t?.stop()
    await site?.close()
  })

  const run = (code: string, timeout?: number) =>
    t.client.POST('/v2/interact/{sessionId}/execute', {
      params: { path: { sessionId } },
      body: { code, ...(timeout ? { timeout } : {}) },
    })

  it('navigates, fills a form and reads the page across calls', async () => {
    const nav = await run(
      `const r = await page.goto(${JSON.stringify(site.at('/app.html'))}); return r.status`,
    )
    expect(nav.response.status).toBe(200)
    expect(nav.data).toEqual({
      success: true,
      stdout: '',
      stderr: '',
      result: '200',
      exitCode: 0,
      killed: false,
      error: null,
    })
    await run(`await page.fill('#name', 'Linus'); await page.press('#name', 'Enter')`)
    const read = await run(`console.log(await page.title()); return await page.textContent('#greeting')`)
    expect(read.data).toMatchObject({ stdout: 'Kettle configurator\n', result: 'Hello, Linus!' })
  }, 60_000)

  it('reports errors, refuses non-http URLs, and kills code past its timeout', async () => {
    const file = await run(`await page.goto('file:///etc/passwd')`)
    expect(file.data).toMatchObject({ exitCode: 1, killed: false })
    expect(file.data?.error).toContain('only http and https')
    const killed = await run(`console.log('started'); await new Promise(() => {})`, 1)
    expect(killed.data).toMatchObject({ exitCode: null, killed: true, result: null, stdout: 'started\n' })
    const list = await t.client.GET('/v2/interact', { params: { query: { status: 'active' } } })
    expect(list.data?.sessions?.map((s) => s.id)).toContain(sessionId)
  }, 60_000)
})
