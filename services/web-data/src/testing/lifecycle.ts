/**
 * The fixtures of a describe block: each `use…` starts its fixture before the block's tests
 * (`beforeAll`) and stops it after them (`afterAll`), and returns an object that stands for the
 * started fixture, so a test file declares `const t = useTestService({ kind })` instead of a
 * variable and two hooks.
 */
import { afterAll, beforeAll } from 'vitest'
import { type CrawlSite, type CrawlSiteOptions, startCrawlSite } from './crawl-site.js'
import { type FixtureSite, startFixtureSite } from './fixture-site.js'
import {
  type FaultyTestService,
  startFaultyTestService,
  startTestService,
  type TestService,
  type TestServiceOptions,
} from './harness.js'
import { startSharedFaultyTestService, startSharedTestService } from './shared-service.js'

/** `start()` before the block's tests, `stop` after them; the result forwards to what `start` made. */
function forTheBlock<T extends object>(start: () => Promise<T>, stop: (value: T) => Promise<void>): T {
  let value: T | undefined
  beforeAll(async () => {
    value = await start()
  })
  afterAll(async () => {
    if (value) await stop(value)
  })
  return new Proxy({} as T, {
    get(_, property) {
      if (!value) throw new Error(`read ${String(property)} before the fixture was started (outside a test?)`)
      const member = Reflect.get(value, property, value)
      return typeof member === 'function' ? member.bind(value) : member
    },
  })
}

/**
 * The test worker's service of `options` with a team of the block's own (`startSharedTestService`),
 * or with `fresh: true` a service of the block's own on a fresh test database (`startTestService`).
 */
export const useTestService = (options: TestServiceOptions = {}): TestService =>
  forTheBlock(
    () => (options.fresh ? startTestService(options) : startSharedTestService(options)),
    (t) => t.stop(),
  )

/**
 * The worker's service of `options` on a database that can be made to fail, with a team of the
 * block's own (`startSharedFaultyTestService`), or with `fresh: true` one of the block's own
 * (`startFaultyTestService`).
 */
export const useFaultyTestService = (options: TestServiceOptions = {}): FaultyTestService =>
  forTheBlock(
    () => (options.fresh ? startFaultyTestService(options) : startSharedFaultyTestService(options)),
    (t) => t.stop(),
  )

/** The generated crawl site (`startCrawlSite`). */
export const useCrawlSite = (options: CrawlSiteOptions = {}): CrawlSite =>
  forTheBlock(
    () => startCrawlSite(options),
    (site) => site.close(),
  )

/** The fixture shop site (`startFixtureSite`). */
export const useFixtureSite = (): FixtureSite => forTheBlock(startFixtureSite, (site) => site.close())
