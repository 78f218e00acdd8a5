import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/scrape/{jobId}/interact → 200', () => {
  const site = useFixtureSite()
  const t = useTestService()

  const interact = (jobId: string, code: string, timeout?: number) =>
    t.client.POST('/v2/scrape/{jobId}/interact', {
      params: { path: { jobId } },
      body: { code, ...(timeout ? { timeout } : {}) },
    })

  it('continues in the browser the scrape left open: state, output, errors and timeouts', async () => {
    const scraped = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/app.html'), actions: [{ type: 'click', selector: '#add' }] },
    })
    const jobId = String(scraped.data?.data?.metadata?.scrapeId)

    const first = await interact(
      jobId,
      `await page.click('#add'); console.log('clicked'); return await page.textContent('#count')`,
    )
    expect(first.response.status).toBe(200)
    expect(first.data).toEqual({
      success: true,
      cdpUrl: null,
      liveViewUrl: null,
      interactiveLiveViewUrl: null,
      output: '2',
      stdout: 'clicked\n',
      stderr: '',
      result: '2',
      exitCode: 0,
      killed: false,
      error: null,
    })

    const form = await interact(
      jobId,
      `await page.fill('#name', 'Grace'); await page.click('#send'); return { greeting: await page.innerText('#greeting'), url: await page.url() }`,
    )
    expect(JSON.parse(String(form.data?.result))).toEqual({
      greeting: 'Hello, Grace!',
      url: site.at('/app.html'),
    })

    const thrown = await interact(jobId, `throw new Error('boom')`)
    expect(thrown.data).toMatchObject({ exitCode: 1, killed: false, error: 'boom', result: null })
    expect(thrown.data?.stderr).toContain('boom')

    const killed = await interact(jobId, 'while (true) {}', 1)
    expect(killed.data).toMatchObject({ exitCode: null, killed: true })

    // The session survives a killed run.
    const after = await interact(jobId, `return await page.textContent('#count')`)
    expect(after.data?.result).toBe('2')
  }, 90_000)

  it('opens a browser at the scraped page for a scrape made without one', async () => {
    const scraped = await t.client.POST('/v2/scrape', { body: { url: site.at('/app.html') } })
    const { data } = await interact(
      String(scraped.data?.data?.metadata?.scrapeId),
      `return await page.textContent('#rendered')`,
    )
    expect(data?.result).toBe('Rendered by script')
  }, 60_000)
})
