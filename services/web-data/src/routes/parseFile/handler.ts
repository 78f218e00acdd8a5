import type { Handler, schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import { balance, charge, Prices } from '../../billing/credits.js'
import type { Deps } from '../../deps.js'
import { ApiError, Errors } from '../../errors.js'
import { withinDeadline } from '../../http/deadline.js'
import type { ServiceEnv } from '../../http/env.js'
import { parseFile as parse } from '../../parse/parse.js'
import { readFormats } from '../../scrape/formats.js'

/** Default of `options.timeout` (ms), as the spec states. */
const DEFAULT_PARSE_TIMEOUT_MS = 30_000

/**
 * POST /v2/parse: an uploaded PDF, DOCX, HTML or text file as markdown (1 credit per document or
 * PDF page). Parsing past `options.timeout` ms answers 408 and charges nothing.
 */
export const parseFile =
  (deps: Deps): Handler<'parseFile', ServiceEnv> =>
  async (c) => {
    const startedAt = Date.now()
    const { file, options } = c.req.valid('form')
    const teamId = c.get('principal').teamId
    if ((await balance(deps.db, teamId)) < Prices.parsePage) throw new ApiError(402, Errors.paymentRequired)
    const pdf = options?.parsers?.find((p): p is Exclude<typeof p, string> => typeof p === 'object')
    const parsed = await withinDeadline(options?.timeout ?? DEFAULT_PARSE_TIMEOUT_MS, startedAt, () =>
      parse({
        file: file as Blob & { name?: string },
        ...(options?.onlyMainContent !== undefined ? { onlyMainContent: options.onlyMainContent } : {}),
        ...(options?.includeTags ? { includeTags: options.includeTags } : {}),
        ...(options?.excludeTags ? { excludeTags: options.excludeTags } : {}),
        ...(pdf
          ? {
              pdf: {
                ...(pdf.maxPages ? { maxPages: pdf.maxPages } : {}),
                // `pageMarkdown` is the former name the real API's SDKs still document.
                pages: pdf.pages || pdf.pageMarkdown,
                pageMarkers: pdf.pageMarkers,
              },
            }
          : {}),
      }),
    )
    const credits = Prices.parsePage * Math.max(1, parsed.numPages)
    if (
      !(await deps.db.transaction((tx) =>
        charge(tx, teamId, credits, 'parse', (file as { name?: string }).name),
      ))
    ) {
      throw new ApiError(402, Errors.paymentRequired)
    }
    const formats = readFormats(options?.formats)
    const name = (file as { name?: string }).name || 'upload'
    // The upload has no URL; its file name stands in as a `file:` URI.
    const uri = `file:///${encodeURIComponent(name)}`
    const unsupported = [
      ...formats.unsupported,
      ...(formats.json ? ['json'] : []),
      ...(formats.links ? ['links'] : []),
    ]
    const document: Record<string, unknown> = {
      metadata: {
        ...(parsed.title ? { title: parsed.title } : {}),
        sourceURL: uri,
        url: uri,
        statusCode: 200,
        contentType: file.type || undefined,
        numPages: parsed.numPages,
        totalPages: parsed.totalPages,
      },
    }
    if (formats.markdown) document.markdown = parsed.markdown
    if (formats.html || formats.rawHtml) document.html = parsed.html ?? null
    if (formats.summary) document.summary = parsed.markdown.replace(/\s+/g, ' ').slice(0, 400)
    if (parsed.pages) document.pages = parsed.pages
    if (unsupported.length > 0)
      document.warning = `Formats not produced for uploaded files: ${unsupported.join(', ')}.`
    return c.json({ success: true, data: document as z.infer<typeof schemas.Document> }, 200)
  }
