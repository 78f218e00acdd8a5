// Consumer test: pack the package, install the tarball in a fresh project outside the workspace,
// type-check it (node16 and bundler resolution) and call a local server from ESM and CJS.
import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { faultServer, json } from './server.js'

const pkgDir = resolve(__dirname, '..')
const tsc = resolve(pkgDir, '../../node_modules/typescript/bin/tsc')
const dir = mkdtempSync(join(tmpdir(), 'web-data-client-consumer-'))
let srv: Awaited<ReturnType<typeof faultServer>>
const run = (cmd: string, args: string[], cwd = dir) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

beforeAll(async () => {
  srv = await faultServer()
  srv.reply(json(200, { success: true, status: 'completed', data: { message: 'OK' } }))
  run('pnpm', ['pack', '--pack-destination', dir], pkgDir)
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `./${tgz}`, '@types/node@20'])
  const use = `
const web = createWebDataClient({ baseUrl: process.env.BASE_URL!, apiKey: 'k' })
const page = await web.scrape({ url: 'https://example.com' })
const md: string | undefined = page.data?.markdown
const end = await web.agent.waitFor('id', { pollIntervalMs: 10 })
if (end.outcome === 'credit_limit_reached') console.log(end.error)
try { await web.agent.cancel('id') } catch (e) {
  if (e instanceof WebDataApiError && e.is(409)) console.log(e.error, e.retryable)
}
export { md }
`
  writeFileSync(
    join(dir, 'use.mts'),
    `import { createWebDataClient, WebDataApiError } from '@apiplatform/web-data-client'\n${use}`,
  )
  writeFileSync(
    join(dir, 'esm.mjs'),
    `import { createWebDataClient } from '@apiplatform/web-data-client'
const c = createWebDataClient({ baseUrl: process.env.BASE_URL, apiKey: 'k' })
console.log(JSON.stringify((await c.agent.waitFor('x')).outcome))`,
  )
  writeFileSync(
    join(dir, 'cjs.cjs'),
    `const { createWebDataClient, WebDataApiError } = require('@apiplatform/web-data-client')
const c = createWebDataClient({ baseUrl: process.env.BASE_URL, apiKey: 'k' })
c.agent.get('x').then((d) => console.log(JSON.stringify(d.data), typeof WebDataApiError))`,
  )
}, 180_000)
afterAll(async () => {
  await srv?.close()
  rmSync(dir, { recursive: true, force: true })
})

for (const [module, moduleResolution] of [
  ['node16', 'node16'],
  ['esnext', 'bundler'],
]) {
  it(`type-checks under moduleResolution ${moduleResolution}`, () => {
    const out = () =>
      run('node', [
        tsc,
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        'false',
        '--target',
        'es2022',
        '--module',
        module as string,
        '--moduleResolution',
        moduleResolution as string,
        '--types',
        'node',
        'use.mts',
      ])
    expect(out).not.toThrow()
  })
}

it('runs from ESM and CJS against a local server', async () => {
  // Asynchronously: the server lives in this process.
  const node = (file: string) =>
    promisify(execFile)('node', [file], {
      cwd: dir,
      env: { ...process.env, BASE_URL: srv.url },
      timeout: 20_000,
    })
  expect((await node('esm.mjs')).stdout.trim()).toBe('"completed"')
  expect((await node('cjs.cjs')).stdout.trim()).toBe('{"message":"OK"} function')
  expect(srv.seen.every((s) => s.headers.authorization === 'Bearer k')).toBe(true)
})
