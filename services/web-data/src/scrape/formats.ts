import { ApiError, Errors } from '../errors.js'

/** The formats of a scrape request, normalised. */
export interface FormatRequest {
  markdown: boolean
  html: boolean
  rawHtml: boolean
  links: boolean
  summary: boolean
  images: boolean
  json?: {
    schema?: Record<string, unknown>
    prompt?: string
    /** The format's own prompt-injection switch, where the real API's SDKs send it. */
    checkPromptInjection?: true
  }
  /** Named formats this service does not produce (screenshots, branding, …). */
  unsupported: string[]
}

export type FormatInput =
  | string
  | { type: string; schema?: Record<string, unknown>; prompt?: string; checkPromptInjection?: boolean }

/** The text field each question-like format needs. */
const TEXT_FIELD: Record<string, 'question' | 'query' | 'prompt'> = {
  question: 'question',
  highlights: 'query',
  query: 'prompt',
}

/** 400 for a `question`, `highlights` or `query` format without its text. */
export function assertFormatOptions(
  formats: readonly FormatInput[] | undefined,
  path: readonly string[] = [],
): void {
  const details = (formats ?? []).flatMap((format, i) => {
    // Own keys only: a format's type is the caller's text, and `constructor` is a key of every object.
    const field =
      typeof format === 'object' && Object.hasOwn(TEXT_FIELD, format.type)
        ? TEXT_FIELD[format.type]
        : undefined
    if (!field || typeof format !== 'object') return []
    const value = (format as Record<string, unknown>)[field]
    if (typeof value === 'string' && value.trim().length > 0) return []
    return [
      {
        in: 'body',
        code: 'invalid_format',
        path: [...path, 'formats', i, field],
        message: `The ${format.type} format needs a non-empty "${field}".`,
      },
    ]
  })
  if (details.length > 0) throw new ApiError(400, Errors.badRequest, { details })
}

export function readFormats(formats: readonly FormatInput[] | undefined): FormatRequest {
  const out: FormatRequest = {
    markdown: false,
    html: false,
    rawHtml: false,
    links: false,
    summary: false,
    images: false,
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
      case 'images':
        out[type] = true
        break
      case 'json':
        out.json = {
          ...(typeof format === 'object' && format.schema ? { schema: format.schema } : {}),
          ...(typeof format === 'object' && format.prompt ? { prompt: format.prompt } : {}),
          ...(typeof format === 'object' && format.checkPromptInjection
            ? { checkPromptInjection: true as const }
            : {}),
        }
        break
      default:
        out.unsupported.push(type)
    }
  }
  return out
}
