import { type CheerioAPI, load } from 'cheerio'
import TurndownService from 'turndown'

/** A node of cheerio's DOM (domhandler's `AnyNode`, which cheerio does not re-export). */
type AnyNode = ReturnType<ReturnType<CheerioAPI['root']>['contents']>[number]
/** The fields of a node the text walk reads. */
interface WalkNode {
  type: string
  data?: string
  name?: string
  children?: WalkNode[]
}

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

/**
 * Parses a page once: metadata and links from the whole document, then the same DOM is cleaned in
 * place and gives the HTML, the visible text and the content links; turndown converts the cleaned
 * HTML to Markdown.
 */
export function parsePage(rawHtml: string, baseUrl: string, options: CleanOptions = {}): ParsedPage {
  const $ = load(rawHtml)
  const metadata = readMetadata($)
  const links = readLinks($, baseUrl)
  absolutize($, baseUrl)
  const { html, roots } = cleanHtml($, options)
  const markdown = turndown.turndown(html || '<p></p>').trim()
  const text = visibleText(roots).replace(/\s+/g, ' ').trim()
  return {
    html,
    markdown,
    text,
    links,
    contentLinks: readLinksIn($, roots, baseUrl),
    metadata,
  }
}

/**
 * The text of `roots` as if their HTML were serialised and every `><` written `> <`: a space
 * wherever two tags meet with no text between them (`<td>a</td><td>b</td>` reads `a b`, while
 * `a<b>c</b>` stays `ac`).
 */
function visibleText(roots: AnyNode[]): string {
  const out: string[] = []
  // Whether the last thing written was a tag (so that a second tag right after it means a space).
  let afterTag = false
  const tag = () => {
    if (afterTag) out.push(' ')
    afterTag = true
  }
  const walk = (node: WalkNode) => {
    if (node.type === 'text') {
      const data = node.data
      if (data) {
        out.push(data)
        afterTag = false
      }
      return
    }
    if (node.type === 'comment' || node.type === 'directive') {
      tag()
      return
    }
    if (!node.children) return
    const isElement = node.type === 'tag' || node.type === 'script' || node.type === 'style'
    if (isElement) tag()
    for (const child of node.children) walk(child)
    if (isElement && !VOID.has(node.name ?? '')) tag()
  }
  for (const root of roots) walk(root as unknown as WalkNode)
  return out.join('')
}

/** Elements serialised without an end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
])

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

/**
 * Cleans the page in place; returns the cleaned HTML and the nodes it was serialised from (the
 * included elements, the main element, or the children of the body).
 */
function cleanHtml($: CheerioAPI, options: CleanOptions): { html: string; roots: AnyNode[] } {
  $(NOISE).remove()
  $('*')
    .contents()
    .filter((_, node) => node.type === 'comment')
    .remove()
  for (const selector of options.excludeTags ?? []) safeRemove($, selector)
  if (options.includeTags && options.includeTags.length > 0) {
    const parts: string[] = []
    const roots: AnyNode[] = []
    for (const selector of options.includeTags) {
      try {
        $(selector).each((_, el) => {
          parts.push($.html(el))
          roots.push(el)
        })
      } catch {
        // An invalid selector matches nothing.
      }
    }
    return { html: parts.join('\n'), roots }
  }
  if (options.onlyMainContent !== false) {
    const main = $('main, [role="main"], article').first()
    if (main.length > 0) {
      main.find(CHROME).remove()
      return { html: $.html(main), roots: main.toArray() }
    }
    $(CHROME).remove()
  }
  const body = $('body')
  if (body.length === 0) return { html: $.html().trim(), roots: $.root().toArray() }
  return { html: (body.html() ?? '').trim(), roots: body.contents().toArray() }
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
  return readLinksIn($, $.root().toArray(), baseUrl)
}

/** Links of `roots` and their descendants, in document order, each once. */
function readLinksIn($: CheerioAPI, roots: AnyNode[], baseUrl: string): string[] {
  const seen = new Set<string>()
  const anchors: AnyNode[] = []
  for (const root of roots) {
    const $root = $(root)
    if ($root.is('a[href]')) anchors.push(root)
    anchors.push(...$root.find('a[href]').toArray())
  }
  $(anchors).each((_, el) => {
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
