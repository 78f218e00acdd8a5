/**
 * The getting-started guides (src/guides/<api>.md): rendered for the portal, and their code blocks
 * read back by the guide test, which runs them. A block's info string says what it is:
 *
 * - `sh`: commands the test runs, in order, against the stand-ins it started;
 * - `ts`: a program the test type-checks and runs;
 * - `sh setup`: shown only (installing, starting the stand-ins, exporting the credentials),
 *   because the test does those itself; `json`, `text`: output.
 */
import { markedWithIds as marked, slug } from './markdown.ts'

export interface CodeBlock {
  /** `sh`, `ts`, … */
  lang: string
  /** Words after the language (`setup`). */
  flags: string[]
  code: string
  /** The heading the block sits under. */
  section: string
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const out: CodeBlock[] = []
  let section = ''
  for (const token of marked.lexer(markdown)) {
    if (token.type === 'heading') section = token.text
    if (token.type !== 'code') continue
    const [lang = '', ...flags] = (token.lang ?? '').trim().split(/\s+/)
    out.push({ lang, flags, code: token.text, section })
  }
  return out
}

export function renderGuideMarkdown(markdown: string): {
  html: string
  toc: { id: string; text: string }[]
} {
  const toc = marked
    .lexer(markdown)
    .filter((t) => t.type === 'heading' && t.depth === 2)
    .map((t) => {
      const text = (t as { text: string }).text
      return { id: slug(marked.parseInline(text, { async: false })), text: text.replace(/`/g, '') }
    })
  return { html: marked.parse(markdown, { async: false }), toc }
}
