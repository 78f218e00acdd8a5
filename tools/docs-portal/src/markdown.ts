/** The portal's Markdown renderers (marked): plain, and with ids on headings for the guides' contents. */
import { Marked } from 'marked'

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z]+;/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

export const marked = new Marked()

/** For one document per page (a guide): heading ids are unique there. */
export const markedWithIds = new Marked({
  renderer: {
    heading({ tokens, depth }) {
      const text = this.parser.parseInline(tokens)
      return `<h${depth} id="${slug(text)}">${text}</h${depth}>\n`
    },
  },
})
