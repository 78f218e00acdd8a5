import type { JsonSchema } from '../extraction/json-schema.js'

/** The formats of a scrape request, normalised. */
export interface FormatRequest {
  markdown: boolean
  html: boolean
  rawHtml: boolean
  links: boolean
  summary: boolean
  json?: { schema?: JsonSchema; prompt?: string }
  /** Named formats this service does not produce (screenshots, branding, …). */
  unsupported: string[]
}

export type FormatInput = string | { type: string; schema?: Record<string, unknown>; prompt?: string }

export function readFormats(formats: readonly FormatInput[] | undefined): FormatRequest {
  const out: FormatRequest = {
    markdown: false,
    html: false,
    rawHtml: false,
    links: false,
    summary: false,
    unsupported: [],
  }
  for (const format of formats && formats.length > 0 ? formats : ['markdown']) {
    const type = typeof format === 'string' ? format : format.type
    switch (type) {
      case 'markdown':
      case 'html':
      case 'rawHtml':
      case 'links':
      case 'summary':
        out[type] = true
        break
      case 'json':
        out.json = {
          ...(typeof format === 'object' && format.schema ? { schema: format.schema as JsonSchema } : {}),
          ...(typeof format === 'object' && format.prompt ? { prompt: format.prompt } : {}),
        }
        break
      default:
        out.unsupported.push(type)
    }
  }
  return out
}
