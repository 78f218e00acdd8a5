import { ApiError, Errors } from '../errors.js'
import { parsePage } from '../scrape/document.js'

export interface ParseInput {
  file: Blob & { name?: string }
  formats?: ReadonlyArray<string | { type: string }>
  onlyMainContent?: boolean
  includeTags?: string[]
  excludeTags?: string[]
  /** `pages: true` lists the markdown per page, `pageMarkers: true` marks page breaks, `maxPages` caps. */
  pdf?: { maxPages?: number; pages?: boolean; pageMarkers?: boolean }
}

export interface ParsedFile {
  kind: 'pdf' | 'docx' | 'html' | 'text'
  markdown: string
  html?: string
  title?: string
  numPages: number
  totalPages: number
  pages?: Array<{ pageNumber: number; markdown: string }>
}

/** What kind of document the bytes are, from their signature first and the name/type second. */
export function detectKind(bytes: Uint8Array, name: string, type: string): ParsedFile['kind'] | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1')
  if (head.startsWith('%PDF-')) return 'pdf'
  if (head.startsWith('PK\u0003\u0004'))
    return /\.docx$/i.test(name) ||
      /wordprocessingml/.test(type) ||
      head.includes('word/') ||
      head.includes('[Content_Types].xml')
      ? 'docx'
      : undefined
  if (
    /\.(html?|xhtml)$/i.test(name) ||
    /html/.test(type) ||
    /^\s*(<!doctype html|<html|<body|<div|<p|<h1)/i.test(head)
  )
    return 'html'
  if (/\.(md|markdown|txt)$/i.test(name) || /^text\/(plain|markdown)/.test(type)) return 'text'
  return undefined
}

/** Text of a PDF with pdf.js (no worker thread: parsing runs in this process). Lines are rebuilt from the text items' positions. */
async function pdfToPages(
  bytes: Uint8Array,
  maxPages?: number,
): Promise<{ pages: string[]; total: number; title?: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const task = pdfjs.getDocument({
    data: bytes,
    useSystemFonts: true,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  })
  const doc = await task.promise
  try {
    const total = doc.numPages
    const count = Math.min(total, maxPages ?? total)
    const pages: string[] = []
    for (let n = 1; n <= count; n++) {
      const page = await doc.getPage(n)
      const content = await page.getTextContent()
      const lines: string[] = []
      let line = ''
      let lastY: number | undefined
      for (const item of content.items) {
        if (!('str' in item)) continue
        const y = item.transform[5] as number
        if (lastY !== undefined && Math.abs(y - lastY) > 1 && line.trim() !== '') {
          lines.push(line.trim())
          line = ''
        }
        line += item.str
        if (item.hasEOL) {
          lines.push(line.trim())
          line = ''
        }
        lastY = y
      }
      if (line.trim() !== '') lines.push(line.trim())
      pages.push(lines.filter((l) => l !== '').join('\n\n'))
      page.cleanup()
    }
    const meta = await doc.getMetadata().catch(() => undefined)
    const info = meta?.info as { Title?: unknown } | undefined
    return { pages, total, ...(typeof info?.Title === 'string' && info.Title ? { title: info.Title } : {}) }
  } finally {
    await task.destroy()
  }
}

/**
 * Converts an uploaded file to markdown: PDF text with pdf.js, DOCX to HTML with mammoth and
 * then, like HTML uploads, to markdown through the scrape pipeline's cleaner (cheerio + turndown).
 */
export async function parseFile(input: ParseInput): Promise<ParsedFile> {
  const bytes = new Uint8Array(await input.file.arrayBuffer())
  const name = input.file.name ?? ''
  const kind = detectKind(bytes, name, input.file.type)
  if (!kind) {
    throw new ApiError(400, Errors.badRequest, {
      code: 'UNSUPPORTED_FILE_TYPE',
      details: { reason: 'Supported files: PDF, DOCX, HTML, Markdown and plain text.' },
    })
  }
  try {
    if (kind === 'pdf') {
      const { pages, total, title } = await pdfToPages(bytes, input.pdf?.maxPages)
      const markdown = input.pdf?.pageMarkers
        ? pages.map((p, i) => `<!-- Page ${i + 1} -->\n\n${p}`).join('\n\n')
        : pages.join('\n\n')
      return {
        kind,
        markdown,
        numPages: pages.length,
        totalPages: total,
        ...(title ? { title } : {}),
        ...(input.pdf?.pages ? { pages: pages.map((markdown, i) => ({ pageNumber: i + 1, markdown })) } : {}),
      }
    }
    if (kind === 'text')
      return { kind, markdown: Buffer.from(bytes).toString('utf8').trim(), numPages: 1, totalPages: 1 }
    const html =
      kind === 'docx'
        ? (await (await import('mammoth')).default.convertToHtml({ buffer: Buffer.from(bytes) })).value
        : Buffer.from(bytes).toString('utf8')
    const parsed = parsePage(
      kind === 'docx' ? `<html><body><main>${html}</main></body></html>` : html,
      'file:///upload',
      {
        onlyMainContent: kind === 'docx' ? false : input.onlyMainContent !== false,
        ...(input.includeTags ? { includeTags: input.includeTags } : {}),
        ...(input.excludeTags ? { excludeTags: input.excludeTags } : {}),
      },
    )
    return {
      kind,
      markdown: parsed.markdown,
      html: parsed.html,
      numPages: 1,
      totalPages: 1,
      ...(typeof parsed.metadata.title === 'string' ? { title: parsed.metadata.title } : {}),
    }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(422, Errors.unprocessable, {
      code: 'PARSE_FAILED',
      details: { reason: error instanceof Error ? error.message : String(error) },
    })
  }
}
