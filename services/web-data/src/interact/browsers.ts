import type { Database, Logger } from '@apiplatform/server-kit'
import { BrowserPool, browserUnavailable } from '../browser/pool.js'
import type { Now } from '../clock.js'
import { BrowserSessions } from './sessions.js'

/** The browser side of a running service: one shared chromium and the live sessions. */
export interface Browsers {
  pool: BrowserPool
  sessions: BrowserSessions
  /** Closes every session, then the browser. */
  close(): Promise<void>
}

/** The settings of the service config the browser side reads (the config fits it). */
export interface BrowsersConfig {
  chromiumPath?: string | undefined
  allowPrivateUrls: boolean
  scrapeSessionIdleMs?: number | undefined
  maxBrowserSessionsPerTeam?: number | undefined
}

/** `now`: business time of the sessions (`clock.ts`), the test controls' clock when they are on. */
export function createBrowsers(db: Database, config: BrowsersConfig, logger?: Logger, now?: Now): Browsers {
  const pool = new BrowserPool({
    executablePath: config.chromiumPath,
    allowPrivateUrls: config.allowPrivateUrls,
    ...(logger ? { warn: (details, message) => logger.warn(details, message) } : {}),
  })
  const sessions = new BrowserSessions(db, pool, {
    scrapeSessionIdleMs: config.scrapeSessionIdleMs ?? 300_000,
    maxSessionsPerTeam: config.maxBrowserSessionsPerTeam ?? 5,
    ...(now ? { now } : {}),
  })
  return {
    pool,
    sessions,
    close: async () => {
      await sessions.close()
      await pool.close()
    },
  }
}

/** The service's browsers, or 503 `BROWSER_UNAVAILABLE` when the app runs without them. */
export function requireBrowsers(browsers: Browsers | undefined): Browsers {
  if (!browsers) throw browserUnavailable('This service instance runs without a browser.')
  return browsers
}
