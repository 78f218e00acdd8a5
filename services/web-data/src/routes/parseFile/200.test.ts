import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balance } from '../../billing/credits.js'
import { authenticate } from '../../billing/keys.js'
import { buildDocx, buildPdf } from '../../parse/fixtures.js'
import type { TestService } from '../../testing/harness.js'
import { startSharedTestService } from '../../testing/shared-service.js'

const upload = (bytes: Uint8Array | string, name: string, type: string, options?: unknown) => {
  const form = new FormData()
  form.append('file', new File([bytes as BlobPart], name, { type }))
  if (options) form.append('options', JSON.stringify(options))
  return form
}

describe.each(testDatabaseKinds())('POST /v2/parse → 200 (%s)', (kind) => {
  let t: TestService
  let teamId: string
  beforeAll(async () => {
    t = await startSharedTestService({ kind, worker: false })
    teamId = (await authenticate(t.service.db, t.apiKey))?.teamId as string
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('converts a PDF to markdown, one credit per page, with pages and page markers on request', async () => {
    const before = await balance(t.service.db, teamId)
    const pdf = buildPdf([['Quarterly report', 'Revenue grew (12%).'], ['Outlook: steady']], 'Q3 report')
    const { data, response } = await t.client.POST('/v2/parse', {
      body: upload(pdf, 'report.pdf', 'application/pdf', {
        parsers: [{ type: 'pdf', pages: true, pageMarkers: true }],
      }) as never,
    })
    expect(response.status).toBe(200)
    expect(data?.data?.markdown).toBe(
      '<!-- Page 1 -->\n\nQuarterly report\n\nRevenue grew (12%).\n\n<!-- Page 2 -->\n\nOutlook: steady',
    )
    expect(data?.data?.pages).toEqual([
      { pageNumber: 1, markdown: 'Quarterly report\n\nRevenue grew (12%).' },
      { pageNumber: 2, markdown: 'Outlook: steady' },
    ])
    expect(data?.data?.metadata).toMatchObject({
      title: 'Q3 report',
      numPages: 2,
      totalPages: 2,
      sourceURL: 'file:///report.pdf',
    })
    expect(await balance(t.service.db, teamId)).toBe(before - 2)
  })

  it("takes pageMarkdown, the former name of pages the real API's SDKs still document", async () => {
    const pdf = buildPdf([['one'], ['two']])
    const { data } = await t.client.POST('/v2/parse', {
      body: upload(pdf, 'x.pdf', 'application/pdf', {
        parsers: [{ type: 'pdf', pageMarkdown: true }],
      }) as never,
    })
    expect(data?.data?.pages).toEqual([
      { pageNumber: 1, markdown: 'one' },
      { pageNumber: 2, markdown: 'two' },
    ])
  })

  it('honours maxPages of the pdf parser', async () => {
    const pdf = buildPdf([['one'], ['two'], ['three']])
    const { data } = await t.client.POST('/v2/parse', {
      body: upload(pdf, 'x.pdf', 'application/pdf', { parsers: [{ type: 'pdf', maxPages: 1 }] }) as never,
    })
    expect(data?.data?.markdown).toBe('one')
    expect(data?.data?.metadata).toMatchObject({ numPages: 1, totalPages: 3 })
  })

  it('converts a DOCX to markdown through HTML', async () => {
    const docx = await buildDocx([
      { text: 'Kettle manual', style: 'Heading1' },
      { text: 'Fill the kettle & switch it on.' },
    ])
    const { data, response } = await t.client.POST('/v2/parse', {
      body: upload(
        docx,
        'manual.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        {
          formats: ['markdown', 'html'],
        },
      ) as never,
    })
    expect(response.status).toBe(200)
    expect(data?.data?.markdown).toBe('# Kettle manual\n\nFill the kettle & switch it on.')
    expect(data?.data?.html).toContain('<h1>Kettle manual</h1>')
  })

  it('converts HTML with the scrape cleaner (main content, includeTags)', async () => {
    const html =
      '<html><head><title>Doc</title></head><body><nav>Menu</nav><main><h1>Title</h1><p>Body text.</p></main></body></html>'
    const { data } = await t.client.POST('/v2/parse', {
      body: upload(html, 'page.html', 'text/html') as never,
    })
    expect(data?.data?.markdown).toBe('# Title\n\nBody text.')
    expect(data?.data?.metadata?.title).toBe('Doc')
    const only = await t.client.POST('/v2/parse', {
      body: upload(html, 'page.html', 'text/html', { includeTags: ['p'] }) as never,
    })
    expect(only.data?.data?.markdown).toBe('Body text.')
  })
})
