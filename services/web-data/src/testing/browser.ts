import { describe } from 'vitest'
import { DEFAULT_CHROMIUM_PATH, resolveChromiumPath } from '../browser/pool.js'

/** The chromium the browser tests use (CHROMIUM_PATH or /usr/bin/chromium), if installed. */
export const CHROMIUM = resolveChromiumPath(process.env.CHROMIUM_PATH)

/** A path where no browser is: the service answers browser requests with 503. */
export const NO_CHROMIUM = '/nonexistent/chromium'

let warned = false

/**
 * `describe` for tests that need a real browser. Without chromium they are skipped with a
 * message — but only outside CI: on CI (`CI` set) they run and fail, so a missing browser is
 * never silently ignored there.
 */
export function describeBrowser(name: string, fn: () => void): void {
  if (!CHROMIUM && !process.env.CI) {
    if (!warned) {
      warned = true
      console.warn(
        `Skipping browser tests: no chromium at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`,
      )
    }
    describe.skip(`${name} (skipped: no chromium)`, fn)
    return
  }
  describe(name, fn)
}
