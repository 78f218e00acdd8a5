import { describe, expect, it } from 'vitest'
import { Prices } from '../billing/credits.js'
import { ApiError } from '../errors.js'
import { DEFAULT_MAX_AGE_MS } from './cache.js'
import { planPages, planScrape, priceOf } from './plan.js'
import type { ScrapeInput } from './types.js'

const URL_ = 'https://example.com/page#top'
const plan = (input: Partial<ScrapeInput> = {}, allowPrivateUrls = false) =>
  planScrape({ url: URL_, ...input }, { allowPrivateUrls })

describe('planScrape', () => {
  it('reads the URL and defaults the formats to markdown', () => {
    const p = plan()
    expect(p.url.toString()).toBe(URL_)
    expect(p.requestedUrl).toBe(URL_)
    expect(p.formats).toEqual({
      markdown: true,
      html: false,
      rawHtml: false,
      links: false,
      summary: false,
      images: false,
      unsupported: [],
    })
    expect(plan({ formats: [] }).formats.markdown).toBe(true)
    expect(p.document.formats).toBe(p.formats)
    expect(p.timeoutMs).toBe(60_000)
    expect(plan({ timeout: 5_000 }).timeoutMs).toBe(5_000)
  })

  it('answers 400 for a URL that is not http(s) and for a question without its text', () => {
    for (const url of ['', 'ftp://example.com/', 'not a url']) {
      expect(() => planScrape({ url }, { allowPrivateUrls: false }), url).toThrow(ApiError)
    }
    expect(() => plan({ formats: [{ type: 'question' } as never] })).toThrow(ApiError)
  })

  it('prices a scrape, and a json format on top', () => {
    expect(plan().price).toBe(Prices.scrape)
    expect(plan({ formats: ['markdown', { type: 'json', prompt: 'The price' } as never] }).price).toBe(
      Prices.scrape + Prices.jsonExtraction,
    )
    expect(priceOf({ json: {} })).toBe(Prices.scrape + Prices.jsonExtraction)
    expect(priceOf({})).toBe(Prices.scrape)
  })

  it('keeps the json format and lists the formats the service does not produce', () => {
    const p = plan({
      formats: [
        'html',
        'branding',
        { type: 'json', schema: { type: 'object' }, prompt: 'Name' } as never,
        'screenshot@fullPage',
      ],
    })
    expect(p.formats.markdown).toBe(false)
    expect(p.formats.html).toBe(true)
    expect(p.formats.json).toEqual({ schema: { type: 'object' }, prompt: 'Name' })
    expect(p.formats.unsupported).toEqual(['branding', 'screenshot@fullPage'])
  })

  it('needs the browser for actions, a screenshot format or waitFor', () => {
    expect(plan().browser).toEqual({ required: false, reasons: [] })
    expect(plan({ actions: [{ type: 'click', selector: '#go' } as never] }).browser).toEqual({
      required: true,
      reasons: ['actions'],
    })
    expect(plan({ actions: [] }).browser.required).toBe(false)
    expect(plan({ formats: ['screenshot'] }).browser).toEqual({
      required: true,
      reasons: ['screenshot'],
      screenshot: {},
    })
    expect(plan({ formats: ['screenshot@fullPage'] }).browser.screenshot).toEqual({ fullPage: true })
    expect(plan({ waitFor: 500 }).browser).toEqual({ required: true, reasons: ['waitFor'] })
    expect(plan({ waitFor: 0 }).browser.required).toBe(false)
  })

  it('uses the cache unless maxAge is 0, zero data retention or the browser', () => {
    const p = plan()
    expect(p.cache).toMatchObject({ maxAgeMs: DEFAULT_MAX_AGE_MS, minAgeMs: 0, store: true })
    expect(plan({ maxAge: 10, minAge: 5, storeInCache: false }).cache).toMatchObject({
      maxAgeMs: 10,
      minAgeMs: 5,
      store: false,
    })
    expect(plan({ maxAge: 0 }).cache).toBeUndefined()
    expect(plan({ zeroDataRetention: true }).cache).toBeUndefined()
    expect(plan({ zeroDataRetention: true }).retain).toBe(false)
    expect(plan({ waitFor: 100 }).cache).toBeUndefined()
    // The key: the page without its fragment, the shaping options and whether private URLs were allowed.
    expect(planScrape({ url: 'https://example.com/page' }, { allowPrivateUrls: false }).cache?.key).toBe(
      p.cache?.key,
    )
    expect(plan({}, true).cache?.key).not.toBe(p.cache?.key)
    expect(plan({ formats: ['html'] }).cache?.key).not.toBe(p.cache?.key)
    expect(plan({ timeout: 1_000 }).cache?.key).toBe(p.cache?.key)
  })

  it('keeps the string headers and the document options', () => {
    const p = plan({
      headers: { 'x-a': 'b', 'x-n': 1 } as never,
      onlyMainContent: false,
      includeTags: ['main'],
      checkPromptInjection: true,
    })
    expect(p.headers).toEqual({ 'x-a': 'b' })
    expect(p.document).toMatchObject({
      onlyMainContent: false,
      includeTags: ['main'],
      checkPromptInjection: true,
    })
    expect(p.document).not.toHaveProperty('excludeTags')
  })
})

describe('planPages', () => {
  it('screens the pages when the json format asks for it, as when the request does', () => {
    const json = (checkPromptInjection?: boolean) =>
      planPages({ formats: [{ type: 'json', checkPromptInjection } as never] }).document.checkPromptInjection
    expect(json(true)).toBe(true)
    expect(json(false)).toBeUndefined()
    expect(json()).toBeUndefined()
    expect(
      planPages({
        formats: [{ type: 'json', checkPromptInjection: true } as never],
        checkPromptInjection: false,
      }).document.checkPromptInjection,
    ).toBe(true)
  })

  it('prices the stored options of a crawl, batch or search once', () => {
    expect(planPages({}).price).toBe(Prices.scrape)
    expect(planPages({ formats: [{ type: 'json' } as never] }).price).toBe(
      Prices.scrape + Prices.jsonExtraction,
    )
  })
})
