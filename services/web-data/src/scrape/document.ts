import { createDocument } from '@mixmark-io/domino'
import TurndownService from 'turndown'
import { findFirst, isChrome, isMainContent, removeMatching } from './page-chrome.js'
import { imageUrls } from './page-images.js'
import { surveyPage } from './page-survey.js'

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
  /** Absolute URLs of the page's images (the `images` format); absent for what is not HTML. */
  images?: string[]
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

export interface ParseOptions extends CleanOptions {
  /**
   * Whether the cleaned page's `html` and `text` will be read (default: both). When neither is,
   * turndown converts the cleaned DOM itself instead of a copy of it (a copy costs about a tenth
   * of a page's conversion), and reading either throws.
   */
  keep?: { html?: boolean; text?: boolean }
}

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
})
turndown.remove(['script', 'style', 'noscript'])

/**
 * Parses a page once, into domino's DOM (the one turndown itself uses): one walk reads the
 * metadata and links and finds the noise; the same DOM is then cleaned in place and gives the HTML,
 * the visible text and the content links, and turndown converts the cleaned nodes themselves
 * (no second parse).
 */
export function parsePage(rawHtml: string, baseUrl: string, options: ParseOptions = {}): ParsedPage {
  const dom = createDocument(rawHtml, true)
  const survey = surveyPage(dom)
  const metadata = readMetadata(dom, survey)
  const links = linkTargets(survey.anchors, baseUrl)
  absolutize(survey.anchors, 'href', baseUrl)
  absolutize(survey.images, 'src', baseUrl)
  const images = imageUrls(survey.images)
  for (const node of survey.noise) node.remove()
  const { serialize, roots, convert } = cleanHtml(dom, options)
  const contentLinks = linkTargets(anchorsIn(roots), baseUrl)
  const keepDom = options.keep === undefined || options.keep.html === true || options.keep.text === true
  // turndown converts a copy of a node it is given; nothing reads the DOM after it unless the
  // HTML or the text is kept, so then it may convert (and collapse the whitespace of) the DOM itself.
  if (!keepDom && typeof convert !== 'string')
    Object.defineProperty(convert, 'cloneNode', { value: () => convert })
  const markdown = roots.length > 0 ? turndown.turndown(convert as string | TurndownService.Node).trim() : ''
  const notKept = (what: string) => new Error(`parsePage: the ${what} was not kept (options.keep)`)
  // Serialised only when read: most scrapes want markdown alone.
  let html: string | undefined
  let text: string | undefined
  return {
    get html() {
      if (!keepDom) throw notKept('html')
      html ??= serialize()
      return html
    },
    markdown,
    get text() {
      if (!keepDom) throw notKept('text')
      text ??= visibleText(roots).replace(/\s+/g, ' ').trim()
      return text
    },
    links,
    contentLinks,
    images,
    metadata,
  }
}

/**
 * The text of `roots` as if their HTML were serialised and every `><` written `> <`: a space
 * wherever two tags meet with no text between them (`<td>a</td><td>b</td>` reads `a b`, while
 * `a<b>c</b>` stays `ac`).
 */
function visibleText(roots: readonly Node[]): string {
  const out: string[] = []
  // Whether the last thing written was a tag (so that a second tag right after it means a space).
  let afterTag = false
  const tag = () => {
    if (afterTag) out.push(' ')
    afterTag = true
  }
  const walk = (node: Node) => {
    const type = node.nodeType
    if (type === 3 || type === 4) {
      const data = (node as CharacterData).data
      if (data) {
        out.push(data)
        afterTag = false
      }
      return
    }
    if (type === 8 || type === 7 || type === 10) {
      tag()
      return
    }
    const isElement = type === 1
    if (isElement) tag()
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child)
    if (isElement && !VOID.has((node as Element).localName)) tag()
  }
  for (const root of roots) walk(root)
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

const NOT_A_LINK = /^(javascript|mailto|tel|data):/i

/** Rewrites relative links and image sources against the page URL, so markdown links work anywhere. */
function absolutize(elements: readonly Element[], attr: 'href' | 'src', baseUrl: string): void {
  for (const element of elements) {
    const value = element.getAttribute(attr)
    if (!value || value.startsWith('#') || NOT_A_LINK.test(value)) continue
    try {
      element.setAttribute(attr, new URL(value, baseUrl).toString())
    } catch {
      // Leave unparseable values as they are.
    }
  }
}

/** What the cleaned page is: how to serialise it, the nodes it consists of, and what turndown converts. */
interface Cleaned {
  serialize: () => string
  roots: Node[]
  convert: Node | string
}

/**
 * Cleans the page in place (the noise is already gone); returns how to serialise the cleaned HTML,
 * the nodes it consists of (the included elements, the main element, or the children of the body)
 * and what turndown converts.
 */
function cleanHtml(dom: Document, options: CleanOptions): Cleaned {
  for (const selector of options.excludeTags ?? [])
    for (const element of select(dom, selector)) element.remove()
  if (options.includeTags && options.includeTags.length > 0) {
    const roots: Element[] = []
    for (const selector of options.includeTags) roots.push(...select(dom, selector))
    const html = roots.map((element) => element.outerHTML).join('\n')
    // Separate fragments: converted from their joined HTML, as one document.
    return { serialize: () => html, roots, convert: html }
  }
  const top = dom.documentElement
  if (options.onlyMainContent !== false && top) {
    const main = findFirst(top, isMainContent)
    if (main) {
      removeMatching(main, isChrome, false)
      main.normalize()
      return { serialize: () => main.outerHTML, roots: [main], convert: main }
    }
    removeMatching(top, isChrome, true)
  }
  // Removing nodes leaves neighbouring text nodes apart, which a parse never does and turndown's
  // whitespace handling reads differently: merge them (before the roots are listed).
  dom.documentElement?.normalize()
  const body = dom.body
  if (!body) {
    const rest = dom.documentElement
    return rest
      ? { serialize: () => rest.outerHTML.trim(), roots: [rest], convert: rest }
      : { serialize: () => '', roots: [], convert: '' }
  }
  return { serialize: () => body.innerHTML.trim(), roots: Array.from(body.childNodes), convert: body }
}

/** The elements a user's selector matches; an invalid selector matches nothing. */
function select(dom: Document, selector: string): Element[] {
  try {
    return Array.from(dom.querySelectorAll(selector))
  } catch {
    return []
  }
}

function readMetadata(dom: Document, survey: ReturnType<typeof surveyPage>): PageMetadata {
  const metadata: PageMetadata = {}
  const title = survey.headTitle?.textContent?.trim() || survey.anyTitle?.textContent?.trim()
  if (title) metadata.title = title
  const language = dom.documentElement?.getAttribute('lang')?.trim()
  if (language) metadata.language = language
  const alternates: string[] = []
  for (const element of survey.metas) {
    const name = (
      element.getAttribute('name') ??
      element.getAttribute('property') ??
      element.getAttribute('itemprop') ??
      ''
    ).trim()
    const raw = element.getAttribute('content')
    if (!name || raw === null) continue
    const content = raw.trim()
    if (name === 'og:locale:alternate') {
      alternates.push(content)
      continue
    }
    // Own fields only: a meta tag may be named `constructor` or `toString`.
    const existing = Object.hasOwn(metadata, name) ? metadata[name] : undefined
    if (existing === undefined) metadata[name] = content
    else if (Array.isArray(existing)) existing.push(content)
    else metadata[name] = [existing, content]
  }
  if (alternates.length > 0) metadata.ogLocaleAlternate = alternates
  if (!metadata.title && typeof metadata['og:title'] === 'string') metadata.title = metadata['og:title']
  if (!metadata.description && typeof metadata['og:description'] === 'string') {
    metadata.description = metadata['og:description']
  }
  return metadata
}

/** `<a href>` elements among `roots` and their descendants, in document order. */
function anchorsIn(roots: readonly Node[]): Element[] {
  const anchors: Element[] = []
  const stack: Node[] = []
  for (let i = roots.length - 1; i >= 0; i--) stack.push(roots[i] as Node)
  while (stack.length > 0) {
    const node = stack.pop() as Node
    if (node.nodeType !== 1) continue
    const element = node as Element
    if (element.localName === 'a' && element.hasAttribute('href')) anchors.push(element)
    for (let child = element.lastElementChild; child; child = child.previousElementSibling) stack.push(child)
  }
  return anchors
}

/** The http(s) targets of links, without fragments, each once, in order. */
function linkTargets(anchors: readonly Element[], baseUrl: string): string[] {
  const seen = new Set<string>()
  for (const anchor of anchors) {
    const href = anchor.getAttribute('href')?.trim()
    if (!href || href.startsWith('#') || NOT_A_LINK.test(href)) continue
    try {
      const url = new URL(href, baseUrl)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      url.hash = ''
      seen.add(url.toString())
    } catch {
      // Unparseable hrefs are not links.
    }
  }
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
