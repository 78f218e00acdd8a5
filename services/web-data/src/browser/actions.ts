import type { Page } from 'playwright-core'
import { ApiError, Errors } from '../errors.js'

/** One action of `ScrapeOptions.actions`, as the spec defines them. */
export type ScrapeAction =
  | { type: 'wait'; milliseconds: number }
  | { type: 'wait'; selector: string }
  | {
      type: 'screenshot'
      fullPage?: boolean
      quality?: number
      viewport?: { width: number; height: number }
    }
  | { type: 'click'; selector: string; all?: boolean }
  | { type: 'write'; text: string }
  | { type: 'press'; key: string }
  | { type: 'scroll'; direction?: 'up' | 'down'; selector?: string }
  | { type: 'scrape' }
  | { type: 'executeJavascript'; script: string }
  | { type: 'pdf'; format?: string; landscape?: boolean; scale?: number }

/** `Document.actions`: what the actions produced, in order of their kind. */
export interface ActionsResult {
  screenshots: string[]
  scrapes: Array<{ url: string; html: string }>
  javascriptReturns: Array<{ type: string; value: unknown }>
  pdfs: string[]
}

/** Raised when the scrape's whole `timeout` runs out. */
export class DeadlineError extends Error {
  constructor() {
    super('deadline exceeded')
    this.name = 'DeadlineError'
  }
}

/** The remaining time of a scrape, for Playwright timeouts. */
export class Deadline {
  private readonly end: number
  constructor(ms: number) {
    this.end = Date.now() + ms
  }
  /** Milliseconds left; throws DeadlineError when none. */
  left(): number {
    const left = this.end - Date.now()
    if (left <= 0) throw new DeadlineError()
    return left
  }
  /** Milliseconds left, at most `cap`. */
  upTo(cap: number): number {
    return Math.min(cap, this.left())
  }
}

/** How long an action waits for its selector before it fails (within the scrape's timeout). */
const SELECTOR_WAIT_MS = 5_000

function actionFailed(index: number, type: string, reason: string): ApiError {
  return new ApiError(400, `Action ${index + 1} (${type}) failed: ${reason}`, {
    code: 'SCRAPE_ACTION_FAILED',
    details: { action: index, type, reason },
  })
}

/** A screenshot as a `data:` URL (PNG, or JPEG when a quality is given). */
export async function screenshotDataUrl(
  page: Page,
  options: { fullPage?: boolean; quality?: number; timeout: number },
): Promise<string> {
  const jpeg = typeof options.quality === 'number'
  const buffer = await page.screenshot({
    fullPage: options.fullPage ?? false,
    type: jpeg ? 'jpeg' : 'png',
    ...(jpeg ? { quality: Math.max(1, Math.min(100, options.quality ?? 80)) } : {}),
    timeout: options.timeout,
    animations: 'disabled',
  })
  return `data:image/${jpeg ? 'jpeg' : 'png'};base64,${buffer.toString('base64')}`
}

/**
 * Runs the actions in order on `page`. A selector that matches nothing within a few seconds, or a
 * script that throws, fails the scrape with 400 `SCRAPE_ACTION_FAILED` naming the action; the
 * whole run shares the scrape's deadline (408 beyond it).
 */
export async function runActions(
  page: Page,
  actions: readonly ScrapeAction[],
  deadline: Deadline,
): Promise<ActionsResult> {
  const result: ActionsResult = { screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] }
  for (const [index, action] of actions.entries()) {
    try {
      await runAction(page, action, deadline, result)
    } catch (error) {
      if (error instanceof DeadlineError || error instanceof ApiError) throw error
      const message = (error as Error).message ?? String(error)
      if (/Timeout .*exceeded/i.test(message)) {
        deadline.left() // throws DeadlineError when the scrape's own time is up
        const selector = 'selector' in action ? action.selector : undefined
        throw actionFailed(
          index,
          action.type,
          selector ? `no element matches ${JSON.stringify(selector)}` : 'timed out',
        )
      }
      throw actionFailed(index, action.type, message.split('\n')[0] ?? message)
    }
  }
  return result
}

async function runAction(
  page: Page,
  action: ScrapeAction,
  deadline: Deadline,
  result: ActionsResult,
): Promise<void> {
  switch (action.type) {
    case 'wait':
      if ('selector' in action) {
        await page.waitForSelector(action.selector, { state: 'visible', timeout: deadline.left() })
      } else {
        const ms = action.milliseconds
        if (ms >= deadline.left()) throw new DeadlineError()
        await page.waitForTimeout(ms)
      }
      return
    case 'click': {
      const locator = page.locator(action.selector)
      await locator.first().waitFor({ state: 'attached', timeout: deadline.upTo(SELECTOR_WAIT_MS) })
      if (action.all) {
        for (const one of await locator.all()) await one.click({ timeout: deadline.upTo(SELECTOR_WAIT_MS) })
      } else {
        await locator.first().click({ timeout: deadline.upTo(SELECTOR_WAIT_MS) })
      }
      await settle(page, deadline)
      return
    }
    case 'write':
      await page.keyboard.type(action.text)
      return
    case 'press':
      await page.keyboard.press(action.key)
      await settle(page, deadline)
      return
    case 'scroll': {
      const dy = action.direction === 'up' ? -1 : 1
      if (action.selector) {
        const handle = page.locator(action.selector).first()
        await handle.waitFor({ state: 'attached', timeout: deadline.upTo(SELECTOR_WAIT_MS) })
        await handle.evaluate((el, d) => {
          el.scrollBy(0, d * el.clientHeight)
          if (el.scrollHeight <= el.clientHeight) el.scrollIntoView({ block: d > 0 ? 'end' : 'start' })
        }, dy)
      } else {
        await page.evaluate((d) => window.scrollBy(0, d * window.innerHeight), dy)
      }
      return
    }
    case 'screenshot':
      if (action.viewport) await page.setViewportSize(action.viewport)
      result.screenshots.push(
        await screenshotDataUrl(page, {
          ...(action.fullPage !== undefined ? { fullPage: action.fullPage } : {}),
          ...(action.quality !== undefined ? { quality: action.quality } : {}),
          timeout: deadline.left(),
        }),
      )
      return
    case 'scrape':
      result.scrapes.push({ url: page.url(), html: await page.content() })
      return
    case 'executeJavascript': {
      const value: unknown = await withDeadline(
        page.evaluate(`(async () => { ${action.script}\n})()`),
        deadline,
      )
      result.javascriptReturns.push({ type: value === null ? 'null' : typeof value, value: value ?? null })
      return
    }
    case 'pdf': {
      const pdf = await page.pdf({
        format: action.format ?? 'Letter',
        landscape: action.landscape ?? false,
        scale: action.scale ?? 1,
      })
      result.pdfs.push(`data:application/pdf;base64,${pdf.toString('base64')}`)
      return
    }
    default:
      throw new ApiError(400, Errors.badRequest, {
        details: [{ message: `unknown action type ${(action as { type: string }).type}` }],
      })
  }
}

/** After a click or key press: let a navigation it started finish (briefly). */
async function settle(page: Page, deadline: Deadline): Promise<void> {
  await page.waitForLoadState('load', { timeout: deadline.upTo(10_000) }).catch(() => {})
}

async function withDeadline<T>(promise: Promise<T>, deadline: Deadline): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new DeadlineError()), deadline.left())
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
