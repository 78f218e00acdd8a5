import type { Database, Logger } from '@apiplatform/server-kit'
import type { Now } from '../clock.js'
import type { ServiceConfig } from '../config.js'
import { BrowserSessions } from '../interact/sessions.js'
import { BrowserPool, browserUnavailable } from './pool.js'

/** The browser side of a running service: one shared chromium and the live sessions. */
export interface Browsers {
  pool: BrowserPool
  sessions: BrowserSessions
  /** Closes every session, then the browser. */
  close(): Promise<void>
}

/** `now`: business time of the sessions (`clock.ts`), the test controls' clock when they are on. */
export function createBrowsers(db: Database, config: ServiceConfig, logger?: Logger, now?: Now): Browsers {
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
