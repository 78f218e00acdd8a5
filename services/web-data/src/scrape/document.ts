import { type CheerioAPI, load } from 'cheerio'
import TurndownService from 'turndown'

/** What the HTML of a page becomes: the parts every format is built from. */
export interface ParsedPage {
  /** The page after `onlyMainContent`, `includeTags` and `excludeTags`. */
  html: string
  markdown: string
  /** Visible text of the cleaned page (for search, summaries and the injection check). */
  text: string
  links: string[]
  /** Links inside the cleaned content (the main content by default), in page order. */
  contentLinks: string[]
  metadata: PageMetadata
}

export interface PageMetadata {
  title?: string
  description?: string
  language?: string
  keywords?: string
  ogLocaleAlternate?: string[]
  /** Other `<meta>` tags by name or property (`og:title`, `author`, …). */
  [key: string]: string | string[] | undefined
}

export interface CleanOptions {
  onlyMainContent?: boolean
  includeTags?: string[]
  excludeTags?: string[]
}

/** Elements that never carry page content. */
const NOISE = 'script, style, noscript, template, iframe, svg, canvas, link, meta'
/** Page chrome dropped by `onlyMainContent`. */
const CHROME =
  'header, nav, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], .nav, .navbar, .menu, .sidebar, .footer, .header, .cookie, .cookie-banner, #cookie-banner, .ad, .ads, .advert'

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
})
turndown.remove(['script', 'style', 'noscript'])

/** Parses a page: metadata from the whole document, content after cleaning. */
export function parsePage(rawHtml: string, baseUrl: string, options: CleanOptions = {}): ParsedPage {
  const $ = load(rawHtml)
  const metadata = readMetadata($)
  const links = readLinks($, baseUrl)
  absolutize($, baseUrl)
  const html = cleanHtml($, options)
  const markdown = turndown.turndown(html || '<p></p>').trim()
  const cleaned = load(html)
  const text = load(html.replace(/></g, '> <')).text().replace(/\s+/g, ' ').trim()
  return {
    html,
    markdown,
    text,
    links,
    contentLinks: readLinks(cleaned, baseUrl),
    metadata,
  }
}

/** Rewrites relative links and image sources against the page URL, so markdown links work anywhere. */
function absolutize($: CheerioAPI, baseUrl: string): void {
  for (const [selector, attr] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    $(selector).each((_, el) => {
      const value = $(el).attr(attr)
      if (!value || value.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(value)) return
      try {
        $(el).attr(attr, new URL(value, baseUrl).toString())
      } catch {
        // Leave unparseable values as they are.
      }
    })
  }
}

function cleanHtml($: CheerioAPI, options: CleanOptions): string {
  const doc = load($.html())
  doc(NOISE).remove()
  doc('*')
    .contents()
    .filter((_, node) => node.type === 'comment')
    .remove()
  for (const selector of options.excludeTags ?? []) safeRemove(doc, selector)
  if (options.includeTags && options.includeTags.length > 0) {
    const parts: string[] = []
    for (const selector of options.includeTags) {
      try {
        doc(selector).each((_, el) => {
          parts.push(doc.html(el))
        })
      } catch {
        // An invalid selector matches nothing.
      }
    }
    return parts.join('\n')
  }
  if (options.onlyMainContent !== false) {
    const main = doc('main, [role="main"], article').first()
    if (main.length > 0) {
      main.find(CHROME).remove()
      return doc.html(main)
    }
    doc(CHROME).remove()
  }
  return (doc('body').html() ?? doc.html()).trim()
}

function safeRemove($: CheerioAPI, selector: string): void {
  try {
    $(selector).remove()
  } catch {
    // An invalid selector removes nothing.
  }
}

function readMetadata($: CheerioAPI): PageMetadata {
  const metadata: PageMetadata = {}
  const title = $('head > title').first().text().trim() || $('title').first().text().trim()
  if (title) metadata.title = title
  const language = $('html').attr('lang')?.trim()
  if (language) metadata.language = language
  const alternates: string[] = []
  $('meta').each((_, el) => {
    const name = ($(el).attr('name') ?? $(el).attr('property') ?? $(el).attr('itemprop') ?? '').trim()
    const content = $(el).attr('content')?.trim()
    if (!name || content === undefined) return
    if (name === 'og:locale:alternate') {
      alternates.push(content)
      return
    }
    const key = name === 'description' || name === 'keywords' ? name : name
    const existing = metadata[key]
    if (existing === undefined) metadata[key] = content
    else if (Array.isArray(existing)) existing.push(content)
    else metadata[key] = [existing, content]
  })
  if (alternates.length > 0) metadata.ogLocaleAlternate = alternates
  if (!metadata.title && typeof metadata['og:title'] === 'string') metadata.title = metadata['og:title']
  if (!metadata.description && typeof metadata['og:description'] === 'string') {
    metadata.description = metadata['og:description']
  }
  return metadata
}

function readLinks($: CheerioAPI, baseUrl: string): string[] {
  const seen = new Set<string>()
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href')?.trim()
    if (!href || href.startsWith('#') || /^(javascript|mailto|tel|data):/i.test(href)) return
    try {
      const url = new URL(href, baseUrl)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return
      url.hash = ''
      seen.add(url.toString())
    } catch {
      // Unparseable hrefs are not links.
    }
  })
  return [...seen]
}

/** A short extractive summary: the first sentences of the main text. */
export function summarize(text: string, maxChars = 400): string {
  const sentences = text.match(/.+?[.!?]+(?=\s|$)\s*/g) ?? [text]
  let out = ''
  for (const sentence of sentences) {
    if ((out + sentence).length > maxChars && out) break
    out += sentence
  }
  return out.trim().slice(0, maxChars)
}
