import { expect, it } from 'vitest'
import { describeBrowser } from '../../testing/browser.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describeBrowser('POST /v2/scrape with actions and screenshots → 200', () => {
  const site = useFixtureSite()
  const t = useTestService()

  it('runs the actions in a real browser and returns their results and the rendered page', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/app.html'),
        formats: ['markdown', 'screenshot'],
        actions: [
          { type: 'wait', selector: '.late' },
          { type: 'click', selector: '#add' },
          { type: 'click', selector: '#add' },
          { type: 'click', selector: '#name' },
          { type: 'write', text: 'Ada' },
          { type: 'press', key: 'Enter' },
          { type: 'scroll', direction: 'down' },
          { type: 'screenshot', quality: 60 },
          { type: 'executeJavascript', script: 'return document.getElementById("count").textContent' },
          { type: 'scrape' },
        ],
      },
    })
    expect(response.status).toBe(200)
    const doc = data?.data
    expect(doc?.markdown).toContain('Rendered by script')
    expect(doc?.markdown).toContain('Loaded later')
    expect(doc?.markdown).toContain('Count: 2')
    expect(doc?.markdown).toContain('Hello, Ada!')
    expect(doc?.screenshot).toMatch(/^data:image\/png;base64,iVBOR/)
    expect(doc?.warning).toBeUndefined()
    expect(doc?.actions?.screenshots).toHaveLength(1)
    expect(doc?.actions?.screenshots?.[0]).toMatch(/^data:image\/jpeg;base64,/)
    expect(doc?.actions?.javascriptReturns).toEqual([{ type: 'string', value: '2' }])
    expect(doc?.actions?.scrapes?.[0]?.url).toBe(site.at('/app.html'))
    expect(doc?.actions?.scrapes?.[0]?.html).toContain('Hello, Ada!')
    expect(doc?.metadata?.statusCode).toBe(200)
    expect(doc?.metadata?.scrapeId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('waits `waitFor` milliseconds before reading the page, and follows redirects hop by hop', async () => {
    const { data } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/redirect?to=/app.html'), waitFor: 500 },
    })
    expect(data?.data?.markdown).toContain('Loaded later')
    expect(data?.data?.metadata?.sourceURL).toBe(site.at('/redirect?to=/app.html'))
    expect(data?.data?.metadata?.url).toBe(site.at('/app.html'))
  })
  it('runs the scripts of a page that builds its content with them, without being asked to', async () => {
    const { data, response } = await t.client.POST('/v2/scrape', { body: { url: site.at('/shell.html') } })
    expect(response.status).toBe(200)
    expect(data?.data?.markdown).toContain('Every kettle we sell, rendered in your browser.')
    expect(data?.data?.warning).toBeUndefined()
    // A page of content is not rendered: its scripts only decorate it.
    const plain = await t.client.POST('/v2/scrape', { body: { url: site.at('/product.html') } })
    expect(plain.data?.data?.markdown).toContain('The Acme Kettle boils')
  })

  it('names no format the document holds in its warning, beside the notes of the json format', async () => {
    const { data } = await t.client.POST('/v2/scrape', {
      body: {
        url: site.at('/product.html'),
        formats: [
          'markdown',
          'screenshot',
          'branding',
          { type: 'json', schema: { type: 'object', properties: { voltage: { type: 'string' } } } },
        ] as never,
      },
    })
    expect(data?.data?.screenshot).toMatch(/^data:image\/png;base64,/)
    expect(data?.data?.warning).toContain('Formats not produced by this service: branding.')
    expect(data?.data?.warning).toContain('JSON fields the page does not state: voltage.')
    expect(data?.data?.warning).not.toContain('screenshot')
  })
})
