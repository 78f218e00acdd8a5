// stdout is written asynchronously: what is buffered must still come out when the process ends,
// whether it exits or crashes.
import { spawn } from 'node:child_process'
import { expect, it } from 'vitest'

const LOGGER = new URL('./logger.ts', import.meta.url).href

/** Runs `body` after `const log = createLogger(...)` in a child; its stdout lines and exit code. */
function run(body: string): Promise<{ lines: string[]; code: number | null }> {
  const script = `import { createLogger } from ${JSON.stringify(LOGGER)}
const log = createLogger({ level: 'info', pretty: false })
${body}`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  let out = ''
  child.stdout.on('data', (chunk) => {
    out += chunk
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ lines: out.split('\n').filter(Boolean), code }))
  })
}

const many = `for (let i = 0; i < 2000; i++) log.info({ i }, 'line')`

it('writes every line before process.exit', async () => {
  const { lines, code } = await run(`${many}\nprocess.exit(0)`)
  expect(code).toBe(0)
  expect(lines).toHaveLength(2000)
  expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ level: 'info', i: 1999, msg: 'line' })
}, 30_000)

it('writes every line, the last one included, when the process crashes', async () => {
  const { lines, code } = await run(
    `${many}\nsetImmediate(() => { log.fatal('last words'); throw new Error('crash') })`,
  )
  expect(code).not.toBe(0)
  expect(lines).toHaveLength(2001)
  expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ level: 'fatal', msg: 'last words' })
}, 30_000)
