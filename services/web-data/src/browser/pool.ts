import { existsSync } from 'node:fs'
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core'
import { ApiError } from '../errors.js'
import { isPrivateAddress } from '../net/guard.js'
import { type BrowserGuard, installBrowserGuard } from './guard.js'

/** Where Debian's chromium package puts the browser. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium'

/** Flags of the shared headless browser. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // WebRTC would open UDP sockets the request guard never sees.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
]

/** The chromium executable to use: `configured` (CHROMIUM_PATH) or Debian's, if present. */
export function resolveChromiumPath(configured?: string): string | undefined {
  const path = configured || DEFAULT_CHROMIUM_PATH
  return existsSync(path) ? path : undefined
}

/** 503 for browser-only requests on a host without chromium. */
export function browserUnavailable(reason: string): ApiError {
  return new ApiError(503, 'Service Unavailable', {
    code: 'BROWSER_UNAVAILABLE',
    details: { reason },
  })
}

export interface GuardedContext {
  context: BrowserContext
  guard: BrowserGuard
}

export interface NewContextOptions {
  mobile?: boolean
  headers?: Record<string, string>
  skipTlsVerification?: boolean
  storageState?: BrowserContextOptions['storageState']
  viewport?: { width: number; height: number }
}

/** A launched browser, the executable it was launched from and how many pools hold it. */
interface SharedBrowser {
  executablePath: string
  browser: Promise<Browser>
  holders: number
}

/**
 * The browsers this process launched, by executable. A deployment runs one service per process, but
 * a process that starts several (a test run, another team's suite with our stand-in) would otherwise
 * launch a chromium for each: every pool holds the process's one, and the last to close closes it.
 */
const launched = new Map<string, SharedBrowser>()

/** The next request launches a new browser. */
function forget(shared: SharedBrowser): void {
  if (launched.get(shared.executablePath) === shared) launched.delete(shared.executablePath)
}

function launch(executablePath: string): SharedBrowser {
  // playwright-core is loaded by the first browser request: it costs more than a second and tens of
  // MB at start-up, and most requests never need it.
  const browser = import('playwright-core').then(({ chromium }) =>
    chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true }),
  )
  const shared: SharedBrowser = { executablePath, browser, holders: 0 }
  // A browser that crashed or failed to start is launched again by the next request.
  browser.then(
    (b) => b.on('disconnected', () => forget(shared)),
    () => forget(shared),
  )
  launched.set(executablePath, shared)
  return shared
}

/**
 * A headless chromium shared by the process (launched on first use) with a fresh context (cookies,
 * storage, cache) per scrape or session. Every context's requests go through the private-address
 * guard. `close()` closes the pool's contexts and lets go of the browser (service shutdown).
 */
export class BrowserPool {
  private held: SharedBrowser | undefined
  private closed = false
  private readonly contexts = new Set<BrowserContext>()

  constructor(
    private readonly options: {
      /** CHROMIUM_PATH; Debian's /usr/bin/chromium when unset. */
      executablePath?: string | undefined
      allowPrivateUrls: boolean
      /** Where the host's details go (the service's log); answers never carry them. */
      warn?: (details: Record<string, unknown>, message: string) => void
    },
  ) {}

  private warnedMissing = false

  /** The executable, or undefined when no browser is installed. */
  get executablePath(): string | undefined {
    return resolveChromiumPath(this.options.executablePath)
  }

  /** Throws 503 `BROWSER_UNAVAILABLE` when no chromium is installed (or the pool is closed). */
  assertAvailable(): void {
    if (this.closed) throw browserUnavailable('The service is shutting down.')
    if (!this.executablePath) {
      // Where the browser was looked for is the host's business: logged (once), not answered.
      if (!this.warnedMissing) {
        this.warnedMissing = true
        this.options.warn?.(
          { chromiumPath: this.options.executablePath || DEFAULT_CHROMIUM_PATH },
          'No browser at the configured path (set CHROMIUM_PATH): browser requests answer 503.',
        )
      }
      throw browserUnavailable(
        'No browser is installed on this host. Actions, screenshots, waitFor and interact sessions need one.',
      )
    }
  }

  private async browser(): Promise<Browser> {
    this.assertAvailable()
    const executablePath = this.executablePath as string
    const current = launched.get(executablePath)
    if (!this.held || this.held !== current) {
      // The one it held crashed (or none yet): hold the process's current browser.
      this.release()
      this.held = current ?? launch(executablePath)
      this.held.holders++
    }
    try {
      return await this.held.browser
    } catch (error) {
      // Playwright's launch error names the executable and quotes the browser's own output.
      this.options.warn?.({ err: error }, 'The browser failed to start.')
      throw browserUnavailable('The browser failed to start.')
    }
  }

  /** Lets go of the held browser; the last holder closes it. */
  private release(): Promise<void> {
    const held = this.held
    this.held = undefined
    if (!held || --held.holders > 0) return Promise.resolve()
    forget(held)
    return held.browser.then((b) => b.close()).catch(() => {})
  }

  /** A new isolated context whose every request goes through the private-address guard. */
  async newContext(options: NewContextOptions = {}): Promise<GuardedContext> {
    const browser = await this.browser()
    const context = await browser.newContext({
      serviceWorkers: 'block',
      acceptDownloads: false,
      ignoreHTTPSErrors: options.skipTlsVerification ?? true,
      ...(options.mobile
        ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
        : { viewport: options.viewport ?? { width: 1280, height: 800 } }),
      ...(options.headers && Object.keys(options.headers).length > 0
        ? { extraHTTPHeaders: options.headers }
        : {}),
      ...(options.storageState ? { storageState: options.storageState } : {}),
    })
    try {
      const guard = await installBrowserGuard(context, {
        isBlocked: this.options.allowPrivateUrls ? () => false : isPrivateAddress,
        ...(options.skipTlsVerification !== undefined
          ? { skipTlsVerification: options.skipTlsVerification }
          : {}),
      })
      // Closed while the context opened: the browser may live on for other pools, this context must not.
      if (this.closed) throw browserUnavailable('The service is shutting down.')
      this.contexts.add(context)
      context.on('close', () => this.contexts.delete(context))
      return { context, guard }
    } catch (error) {
      await context.close().catch(() => {})
      throw error
    }
  }

  /** Closes the pool's contexts and lets go of the browser; later requests answer 503. */
  async close(): Promise<void> {
    this.closed = true
    await Promise.all([...this.contexts].map((context) => context.close().catch(() => {})))
    await this.release()
  }
}
