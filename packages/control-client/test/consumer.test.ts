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
const dir = mkdtempSync(join(tmpdir(), 'control-client-consumer-'))
let srv: Awaited<ReturnType<typeof faultServer>>
const run = (cmd: string, args: string[], cwd = dir) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

beforeAll(async () => {
  srv = await faultServer()
  srv.reply(json(200, { meta: { requestId: 'req_c' }, data: { message: 'OK' } }))
  run('pnpm', ['pack', '--pack-destination', dir], pkgDir)
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `./${tgz}`, '@types/node@20'])
  const use = `
const control = createControlClient({ baseUrl: process.env.BASE_URL!, rootKey: 'k' })
const data: { message: string } = await control.liveness()
try { await control.deployments.rollbackDeployment({ deploymentId: 'd_1' }) } catch (e) {
  if (e instanceof ControlApiError && e.is(400)) e.errors.map((x) => x.location)
}
export { data }
`
  writeFileSync(
    join(dir, 'use.mts'),
    `import { createControlClient, ControlApiError } from '@apiplatform/control-client'\n${use}`,
  )
  writeFileSync(
    join(dir, 'esm.mjs'),
    `import { createControlClient } from '@apiplatform/control-client'
const c = createControlClient({ baseUrl: process.env.BASE_URL, rootKey: 'k' })
console.log(JSON.stringify(await c.liveness()))`,
  )
  writeFileSync(
    join(dir, 'cjs.cjs'),
    `const { createControlClient, ControlApiError } = require('@apiplatform/control-client')
const c = createControlClient({ baseUrl: process.env.BASE_URL, rootKey: 'k' })
c.liveness().then((d) => console.log(JSON.stringify(d), typeof ControlApiError))`,
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
  expect((await node('esm.mjs')).stdout.trim()).toBe('{"message":"OK"}')
  expect((await node('cjs.cjs')).stdout.trim()).toBe('{"message":"OK"} function')
  expect(srv.seen.every((s) => s.headers.authorization === 'Bearer k')).toBe(true)
})
