import type { BrowserContext, Page } from 'playwright-core'
import { screenshotDataUrl } from '../browser/actions.js'
import { publicMessage, withoutStack } from './public-errors.js'

/** The output of one code run, in the fields of the execute/interact responses. */
export interface ExecResult {
  stdout: string
  stderr: string
  /** The code's return value: a string as is, anything else as JSON; null for undefined. */
  result: string | null
  /** 0 when the code finished, 1 when it threw, null when it was killed. */
  exitCode: number | null
  killed: boolean
  error: string | null
}

/** The file name user code runs as: its stack frames name it (`at fn (user-code.js:2:7)`). */
const USER_CODE_FILE = 'user-code.js'

/**
 * The `page` object user code sees. Each method is forwarded to the real Playwright page of the
 * session (in the service) through one exposed binding; only these methods exist, and their
 * arguments are plain data. The code itself runs inside a separate blank page of the session's
 * browser context (V8, not the service's Node.js), so it cannot reach the host.
 */
const CONTROLLER_SOURCE = `async ({ code }) => {
  const call = (method, ...args) => window.__webDataCall(method, args)
  const page = {
    goto: (url, options) => call('goto', String(url), options ?? {}),
    reload: () => call('reload'),
    goBack: () => call('goBack'),
    goForward: () => call('goForward'),
    url: () => call('url'),
    title: () => call('title'),
    content: () => call('content'),
    click: (selector) => call('click', String(selector)),
    dblclick: (selector) => call('dblclick', String(selector)),
    fill: (selector, value) => call('fill', String(selector), String(value)),
    type: (selector, text) => call('type', String(selector), String(text)),
    press: (selector, key) => call('press', String(selector), String(key)),
    check: (selector) => call('check', String(selector)),
    uncheck: (selector) => call('uncheck', String(selector)),
    selectOption: (selector, value) => call('selectOption', String(selector), value),
    hover: (selector) => call('hover', String(selector)),
    textContent: (selector) => call('textContent', String(selector)),
    innerText: (selector) => call('innerText', String(selector)),
    innerHTML: (selector) => call('innerHTML', String(selector)),
    inputValue: (selector) => call('inputValue', String(selector)),
    getAttribute: (selector, name) => call('getAttribute', String(selector), String(name)),
    isVisible: (selector) => call('isVisible', String(selector)),
    count: (selector) => call('count', String(selector)),
    waitForSelector: (selector, options) => call('waitForSelector', String(selector), options ?? {}),
    waitForLoadState: (state) => call('waitForLoadState', state ?? 'load'),
    waitForTimeout: (ms) => new Promise((resolve) => setTimeout(resolve, Number(ms))),
    evaluate: (fn, arg) =>
      call('evaluate', typeof fn === 'function' ? fn.toString() : String(fn), typeof fn === 'function', arg === undefined ? null : JSON.stringify(arg)),
    screenshot: (options) => call('screenshot', options ?? {}),
    keyboard: {
      type: (text) => call('keyboard.type', String(text)),
      press: (key) => call('keyboard.press', String(key)),
    },
    mouse: {
      click: (x, y) => call('mouse.click', Number(x), Number(y)),
      wheel: (dx, dy) => call('mouse.wheel', Number(dx), Number(dy)),
    },
  }
  const format = (value) => {
    if (typeof value === 'string') return value
    try { return JSON.stringify(value) ?? String(value) } catch { return String(value) }
  }
  const pending = []
  const write = (stream) => (...args) => { pending.push(window.__webDataLog(stream, args.map(format).join(' '))) }
  const console = { log: write('out'), info: write('out'), debug: write('out'), warn: write('err'), error: write('err') }
  const AsyncFunction = (async () => {}).constructor
  // The code gets a file name of its own, so that its frames can be told from this controller's
  // and Playwright's; the function wrapper puts its first line on line 3.
  const file = '${USER_CODE_FILE}'
  // "user-code.js:5:7" → "user-code.js:3:7": the line as the caller numbered it.
  const ownLine = (line) =>
    line.split(file + ':').map((part, i) => (i === 0 ? part : part.replace(/^\\d+/, (n) => String(n - 2)))).join(file + ':')
  const ownFrames = (stack) =>
    String(stack ?? '').split('\\n').filter((line) => /^\\s+at /.test(line) && line.includes(file + ':')).map(ownLine)
  try {
    const run = new AsyncFunction('page', 'console', code + '\\n//# sourceURL=' + file)
    const value = await run(page, console)
    await Promise.allSettled(pending)
    return { ok: true, value: value === undefined ? null : format(value) }
  } catch (error) {
    await Promise.allSettled(pending)
    const isError = error instanceof Error
    const message = isError ? error.message : format(error)
    const heading = isError ? (message ? error.name + ': ' + message : error.name) : message
    return { ok: false, error: message, stack: [heading, ...(isError ? ownFrames(error.stack) : [])].join('\\n') }
  }
}`

interface Run {
  stdout: string[]
  stderr: string[]
  deadline: number
}

/**
 * Runs `node` code against one page of a browser context: the code runs in a blank controller
 * page of the same context and drives the target page through the whitelisted `page` API.
 * One run at a time (callers hold the session's lock). A run past its timeout is killed by
 * closing the controller page; the next run gets a new one.
 */
export class CodeRunner {
  private controller: Page | undefined
  private current: Run | undefined

  constructor(
    private readonly context: BrowserContext,
    private readonly target: () => Page,
  ) {}

  async run(code: string, timeoutMs: number): Promise<ExecResult> {
    const run: Run = { stdout: [], stderr: [], deadline: Date.now() + timeoutMs }
    this.current = run
    const controller = await this.controllerPage()
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    try {
      const outcome = await Promise.race([
        (
          controller.evaluate(`(${CONTROLLER_SOURCE})(${JSON.stringify({ code })})`) as Promise<Outcome>
        ).catch((error: Error) => {
          const message = publicMessage(error)
          return { ok: false as const, error: message.split('\n')[0] || 'failed', stack: message }
        }),
        timedOut,
      ])
      if (outcome === 'timeout') {
        this.controller = undefined
        await controller.close({ runBeforeUnload: false }).catch(() => {})
        return {
          stdout: run.stdout.join(''),
          stderr: run.stderr.join(''),
          result: null,
          exitCode: null,
          killed: true,
          error: `The code ran longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
        }
      }
      if (outcome.ok) {
        return {
          stdout: run.stdout.join(''),
          stderr: run.stderr.join(''),
          result: outcome.value,
          exitCode: 0,
          killed: false,
          error: null,
        }
      }
      return {
        stdout: run.stdout.join(''),
        stderr: `${run.stderr.join('')}${outcome.stack}\n`,
        result: null,
        exitCode: 1,
        killed: false,
        error: outcome.error,
      }
    } finally {
      clearTimeout(timer)
      this.current = undefined
    }
  }

  private async controllerPage(): Promise<Page> {
    if (this.controller && !this.controller.isClosed()) return this.controller
    const page = await this.context.newPage()
    await page.exposeBinding('__webDataLog', (_source, stream: unknown, line: unknown) => {
      const run = this.current
      if (!run) return
      ;(stream === 'err' ? run.stderr : run.stdout).push(`${String(line)}\n`)
    })
    await page.exposeBinding('__webDataCall', async (_source, method: unknown, args: unknown) => {
      try {
        return await this.dispatch(String(method), Array.isArray(args) ? args : [])
      } catch (error) {
        // Playwright hands the error's stack to the page: it would show this process's files.
        throw withoutStack(error)
      }
    })
    this.controller = page
    return page
  }

  /** Time left for one forwarded call (Playwright timeouts must be positive). */
  private left(): number {
    return Math.max(1, (this.current?.deadline ?? Date.now() + 30_000) - Date.now())
  }

  private async dispatch(method: string, args: unknown[]): Promise<unknown> {
    const page = this.target()
    const timeout = this.left()
    const s = (i: number) => String(args[i] ?? '')
    switch (method) {
      case 'goto': {
        const url = new URL(s(0))
        if (url.protocol !== 'http:' && url.protocol !== 'https:') {
          throw new Error(`page.goto: only http and https URLs are allowed, not ${url.protocol}`)
        }
        const response = await page
          .goto(url.toString(), { timeout, waitUntil: 'load' })
          .catch((error: Error) => {
            if (/ERR_BLOCKED_BY_CLIENT/.test(error.message)) {
              throw new Error(`page.goto: ${url.hostname} is not allowed (private or loopback address)`)
            }
            throw new Error(error.message.split('\n')[0])
          })
        return response ? { status: response.status(), url: response.url() } : null
      }
      case 'reload':
        await page.reload({ timeout })
        return null
      case 'goBack':
        await page.goBack({ timeout })
        return null
      case 'goForward':
        await page.goForward({ timeout })
        return null
      case 'url':
        return page.url()
      case 'title':
        return page.title()
      case 'content':
        return page.content()
      case 'click':
        await page.click(s(0), { timeout })
        return null
      case 'dblclick':
        await page.dblclick(s(0), { timeout })
        return null
      case 'fill':
        await page.fill(s(0), s(1), { timeout })
        return null
      case 'type':
        await page.locator(s(0)).pressSequentially(s(1), { timeout })
        return null
      case 'press':
        await page.press(s(0), s(1), { timeout })
        return null
      case 'check':
        await page.check(s(0), { timeout })
        return null
      case 'uncheck':
        await page.uncheck(s(0), { timeout })
        return null
      case 'selectOption':
        return page.selectOption(s(0), args[1] as string | string[], { timeout })
      case 'hover':
        await page.hover(s(0), { timeout })
        return null
      case 'textContent':
        return page.textContent(s(0), { timeout })
      case 'innerText':
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText is the rendered text users ask for.
        return page.innerText(s(0), { timeout })
      case 'innerHTML':
        return page.innerHTML(s(0), { timeout })
      case 'inputValue':
        return page.inputValue(s(0), { timeout })
      case 'getAttribute':
        return page.getAttribute(s(0), s(1), { timeout })
      case 'isVisible':
        return page.isVisible(s(0))
      case 'count':
        return page.locator(s(0)).count()
      case 'waitForSelector': {
        const options = (args[1] ?? {}) as { state?: 'attached' | 'detached' | 'visible' | 'hidden' }
        await page.waitForSelector(s(0), { timeout, ...(options.state ? { state: options.state } : {}) })
        return true
      }
      case 'waitForLoadState': {
        const state = s(0) as 'load' | 'domcontentloaded' | 'networkidle'
        await page.waitForLoadState(
          ['load', 'domcontentloaded', 'networkidle'].includes(state) ? state : 'load',
          {
            timeout,
          },
        )
        return null
      }
      case 'evaluate': {
        const source = s(0)
        const isFunction = args[1] === true
        const arg = typeof args[2] === 'string' ? args[2] : 'undefined'
        return page.evaluate(isFunction ? `(${source})(${arg})` : source)
      }
      case 'screenshot': {
        const options = (args[0] ?? {}) as { fullPage?: boolean; quality?: number }
        return screenshotDataUrl(page, {
          ...(options.fullPage !== undefined ? { fullPage: Boolean(options.fullPage) } : {}),
          ...(typeof options.quality === 'number' ? { quality: options.quality } : {}),
          timeout,
        })
      }
      case 'keyboard.type':
        await page.keyboard.type(s(0))
        return null
      case 'keyboard.press':
        await page.keyboard.press(s(0))
        return null
      case 'mouse.click':
        await page.mouse.click(Number(args[0]), Number(args[1]))
        return null
      case 'mouse.wheel':
        await page.mouse.wheel(Number(args[0]), Number(args[1]))
        return null
      default:
        throw new Error(`page.${method} is not available`)
    }
  }
}

type Outcome = { ok: true; value: string | null } | { ok: false; error: string; stack: string }
