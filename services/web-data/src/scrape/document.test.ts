import { describe, expect, it } from 'vitest'
import { PAGES } from '../testing/fixture-site.js'
import { parsePage } from './document.js'

const base = 'http://fixture.test/product.html'
const html = PAGES['/product.html'] ?? ''

describe('parsePage', () => {
  it('gives the same markdown and links whether or not the cleaned HTML and text are kept', () => {
    const kept = parsePage(html, base)
    const markdownOnly = parsePage(html, base, { keep: {} })
    expect(kept.markdown).toContain('# Acme Kettle')
    expect(markdownOnly.markdown).toBe(kept.markdown)
    expect(markdownOnly.links).toEqual(kept.links)
    expect(markdownOnly.contentLinks).toEqual(kept.contentLinks)
    expect(markdownOnly.metadata).toEqual(kept.metadata)
  })

  it('keeps the cleaned HTML and text as parsed, untouched by the conversion', () => {
    const parsed = parsePage(html, base, { keep: { html: true } })
    expect(parsed.html).toContain('<h1>Acme Kettle</h1>')
    expect(parsed.html).not.toContain('Fixture Ltd')
    // turndown collapses whitespace in what it converts; the kept HTML still has the page's own.
    expect(parsed.html).toMatch(/\n/)
    expect(parsed.text).toContain('Acme Kettle')
  })

  it('refuses to give HTML or text it was told not to keep', () => {
    const parsed = parsePage(html, base, { keep: {} })
    expect(() => parsed.html).toThrow(/not kept/)
    expect(() => parsed.text).toThrow(/not kept/)
  })
})
