import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BrowserPool, type GuardedContext } from '../browser/pool.js'
import { CHROMIUM, describeBrowser } from '../testing/browser.js'
import { publicMessage, withoutStack } from './public-errors.js'
import { CodeRunner } from './runner.js'

/** Traces of the service in a text: absolute file paths with line numbers, Node's and Playwright's frames. */
const SERVICE_TRACES =
  /(^|[\s(])\/[\w.@+-]+\/[\w./@+-]+:\d+|node:internal|node_modules|coreBundle|UtilityScript|\.ts:\d/

describeBrowser('errors of code run in a session', () => {
  const pool = new BrowserPool({ executablePath: CHROMIUM, allowPrivateUrls: false })
  let opened: GuardedContext
  let runner: CodeRunner
  beforeAll(async () => {
    opened = await pool.newContext()
    const page = await opened.context.newPage()
    runner = new CodeRunner(opened.context, () => page)
  })
  afterAll(async () => {
    await opened?.context.close()
    await pool.close()
  })

  const run = (code: string) => runner.run(code, 20_000)

  it('a throw in the code reports its message and the code’s own frames, numbered as written', async () => {
    const thrown = await run(`function inner() {\n  throw new TypeError('deep')\n}\ninner()`)
    expect(thrown).toMatchObject({ exitCode: 1, killed: false, error: 'deep' })
    expect(thrown.stderr.split('\n')).toEqual([
      'TypeError: deep',
      '    at inner (user-code.js:2:9)',
      '    at eval (user-code.js:4:1)',
      '',
    ])
    const after = await run(`console.error('first'); await null\nthrow new Error('later')`)
    expect(after.stderr).toBe('first\nError: later\n    at eval (user-code.js:2:7)\n')
  })

  it('values that are not errors are reported as they are', async () => {
    expect((await run(`throw 'a string'`)).stderr).toBe('a string\n')
    expect((await run(`throw { code: 7 }`)).stderr).toBe('{"code":7}\n')
  })

  it('a failing page call reports its message, never the service’s stack', async () => {
    // The evaluate first: a refused navigation still commits Chromium's error page a moment after
    // goto throws, and an evaluate meeting that commit loses its context instead of throwing.
    const cases: Array<[string, string]> = [
      [`await page.evaluate(() => { throw new Error('in page') })`, 'page.evaluate: Error: in page'],
      [`await page.goto('not a url')`, 'Invalid URL'],
      [
        `await page.goto('http://127.0.0.1:9/')`,
        'page.goto: 127.0.0.1 is not allowed (private or loopback address)',
      ],
      [`await page.nope()`, 'page.nope is not a function'],
    ]
    for (const [code, message] of cases) {
      const result = await run(code)
      expect(result.error).toBe(message)
      expect(result.stderr).toContain(message)
      expect(result.stderr).not.toMatch(SERVICE_TRACES)
    }
  })

  it('the error the code catches carries no stack of the service either', async () => {
    const caught = await run(`try { await page.goto('not a url') } catch (e) { return String(e.stack) }`)
    expect(caught.exitCode).toBe(0)
    expect(caught.result).toContain('Invalid URL')
    expect(caught.result).not.toMatch(SERVICE_TRACES)
  })
})

describe('publicMessage and withoutStack', () => {
  it('keep the message and drop stack frames', () => {
    const error = new TypeError(
      'page.click: Timeout\nCall log:\n  - waiting\n    at Page.click (/srv/app/dist/index.js:12:3)',
    )
    expect(publicMessage(error)).toBe('page.click: Timeout\nCall log:\n  - waiting')
    const safe = withoutStack(error)
    expect(safe).toMatchObject({ name: 'TypeError', message: 'page.click: Timeout\nCall log:\n  - waiting' })
    expect(safe.stack).toBe('TypeError: page.click: Timeout\nCall log:\n  - waiting')
  })
})
