import type { Database } from '@apiplatform/server-kit'
import type { schemas } from '@apiplatform/web-data-routes'
import type { z } from 'zod'
import type { BrowserPool } from '../browser/pool.js'
import type { BrowserSessions } from '../interact/sessions.js'
import type { FetchedPage } from '../net/fetch-page.js'
import type { ParsedPage } from './document.js'
import type { FormatInput, FormatRequest } from './formats.js'

/**
 * The scrape options this service reads, as the spec's `ScrapeRequest` defines them. Every field
 * but `url` is optional because crawls, batches, searches and monitors pass their stored
 * `scrapeOptions` (validated once, when their job was accepted) without the defaults applied.
 */
export type ScrapeInput = { url: string } & Partial<
  Pick<
    z.infer<typeof schemas.ScrapeRequest>,
    | 'formats'
    | 'onlyMainContent'
    | 'includeTags'
    | 'excludeTags'
    | 'headers'
    | 'timeout'
    | 'checkPromptInjection'
    | 'zeroDataRetention'
    | 'maxAge'
    | 'minAge'
    | 'storeInCache'
    | 'actions'
    | 'waitFor'
    | 'mobile'
    | 'skipTlsVerification'
  >
>

/**
 * The Document of the API (the spec's `Document` schema), of which this service produces some
 * fields. Its `metadata` stays open: a page states whatever meta tags it has.
 */
export type ScrapedDocument = Omit<z.infer<typeof schemas.Document>, 'metadata'> & {
  metadata: Record<string, unknown>
}

/**
 * The `json` format, which extraction/ implements (`jsonFormatWith`). It is handed in rather than
 * imported because extraction/ builds on scrape/ (its job scrapes pages): an import back would
 * make the two one layer.
 */
export interface JsonFormat {
  /** Throws before anything is charged when a `json` format's schema is not JSON Schema. */
  assertValidSchemas(formats: readonly FormatInput[] | undefined): void
  /** Fills `document.json` when the plan has the format; the tokens a model spent. */
  fill(
    document: Record<string, unknown>,
    page: FetchedPage,
    parsed: ParsedPage,
    formats: FormatRequest,
  ): Promise<{ totalTokens: number } | undefined>
}

export interface ScrapeDeps {
  db: Database
  allowPrivateUrls: boolean
  /** The shared browser and its sessions; browser scrapes answer 503 without them. */
  browsers?: { pool: BrowserPool; sessions: BrowserSessions } | undefined
  jsonFormat: JsonFormat
  /**
   * Told when a retained page was recorded, so search/ indexes it; passed in because search/
   * reads scrape/'s pages and sits above it.
   */
  pagesRecorded?: (db: Database) => void
}
