import { type CheerioAPI, load } from 'cheerio'

/** What a page states, in forms an extractor can match against field names. */
export interface PageFacts {
  url: string
  /** Values by normalised label: meta tags, JSON-LD keys, itemprops, dt/dd, th/td, "Label: value" text. */
  labelled: Map<string, string[]>
  /** Objects found in JSON-LD (flattened, each with its own keys). */
  jsonLd: Array<Record<string, unknown>>
  /** Tables with a header row. */
  tables: Array<{ headers: string[]; rows: string[][] }>
  /** Items of lists, by the normalised text of the heading before the list. */
  lists: Map<string, string[]>
  headings: string[]
  title?: string
  description?: string
}

/** Lower case, letters and digits only: "Release date", "release_date" and "releaseDate" meet. */
export function normalizeLabel(label: string): string {
  return label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim()

export function readFacts(rawHtml: string, url: string): PageFacts {
  const $ = load(rawHtml)
  const facts: PageFacts = {
    url,
    labelled: new Map(),
    jsonLd: [],
    tables: [],
    lists: new Map(),
    headings: [],
  }
  const add = (label: string, value: string | undefined) => {
    const key = normalizeLabel(label)
    const v = value === undefined ? '' : clean(value)
    if (!key || !v) return
    const list = facts.labelled.get(key) ?? []
    if (!list.includes(v)) list.push(v)
    facts.labelled.set(key, list)
  }

  $('meta').each((_, el) => {
    const name = $(el).attr('name') ?? $(el).attr('property') ?? $(el).attr('itemprop')
    if (!name) return
    add(name, $(el).attr('content'))
    // og:title → title, product:price:amount → price amount / price
    const last = name.split(':').filter((p) => p !== 'amount')
    if (last.length > 1) add(last.slice(1).join(' '), $(el).attr('content'))
  })
  $('[itemprop]').each((_, el) => {
    if (el.tagName === 'meta') return
    add($(el).attr('itemprop') ?? '', $(el).attr('content') ?? $(el).text())
  })
  $('[data-field]').each((_, el) => {
    add($(el).attr('data-field') ?? '', $(el).text())
  })
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      collectJsonLd(JSON.parse($(el).text()), facts, add)
    } catch {
      // Broken JSON-LD states nothing.
    }
  })
  $('dl').each((_, dl) => {
    $(dl)
      .find('dt')
      .each((_, dt) => {
        add($(dt).text(), $(dt).nextAll('dd').first().text())
      })
  })
  readTables($, facts, add)
  $('h1, h2, h3, h4, h5, h6').each((_, el) => {
    const text = clean($(el).text())
    if (text) facts.headings.push(text)
    const list = $(el).nextAll('ul, ol').first()
    if (list.length > 0) {
      const items = list
        .children('li')
        .map((_, li) => clean($(li).text()))
        .get()
        .filter(Boolean)
      if (items.length > 0) facts.lists.set(normalizeLabel(text), items)
    }
  })
  $('p, li, div, span, td').each((_, el) => {
    if ($(el).children('p, li, div, ul, ol, table').length > 0) return
    const text = clean($(el).text())
    const match = /^([A-Za-z][A-Za-z0-9 _/-]{0,40}):\s+(.{1,300})$/.exec(text)
    if (match?.[1] && match[2]) add(match[1], match[2])
  })
  const h1 = facts.headings.length > 0 ? clean($('h1').first().text()) : ''
  facts.title = h1 || clean($('title').first().text()) || undefined
  facts.description = $('meta[name="description"]').attr('content')?.trim() || undefined
  if (facts.title) add('heading', facts.title)
  return facts
}

function collectJsonLd(node: unknown, facts: PageFacts, add: (label: string, value: string) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) collectJsonLd(item, facts, add)
    return
  }
  if (!node || typeof node !== 'object') return
  const obj = node as Record<string, unknown>
  if (Array.isArray(obj['@graph'])) collectJsonLd(obj['@graph'], facts, add)
  facts.jsonLd.push(obj)
  for (const [key, value] of Object.entries(obj)) {
    if (key.startsWith('@')) continue
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      add(key, String(value))
    else if (value && typeof value === 'object') {
      // offers.price → "price" too, so nested facts are found by their own name.
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'string' || typeof v === 'number') {
          add(`${key} ${inner}`, String(v))
          add(inner, String(v))
        }
      }
      collectJsonLd(value, facts, add)
    }
  }
}

function readTables($: CheerioAPI, facts: PageFacts, add: (label: string, value: string) => void): void {
  $('table').each((_, table) => {
    const rows = $(table)
      .find('tr')
      .map((_, tr) => [
        $(tr)
          .children('th, td')
          .map((_, cell) => clean($(cell).text()))
          .get(),
      ])
      .get() as string[][]
    if (rows.length === 0) return
    const first = $(table).find('tr').first()
    const headerRow = first.children('th').length > 0 && first.children('td').length === 0
    if (headerRow && rows.length > 1) {
      facts.tables.push({ headers: rows[0] ?? [], rows: rows.slice(1) })
    }
    // Two-column tables (or rows led by a th) state "label → value".
    $(table)
      .find('tr')
      .each((_, tr) => {
        const th = $(tr).children('th').first()
        const td = $(tr).children('td').first()
        if (th.length > 0 && td.length > 0) add(th.text(), td.text())
        else {
          const cells = $(tr).children('td')
          if (cells.length === 2) add(cells.eq(0).text(), cells.eq(1).text())
        }
      })
  })
}
