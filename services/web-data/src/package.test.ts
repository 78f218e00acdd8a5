// Another team's view of the service: the packed tarball (with the route package it depends on)
// installed into a project outside the workspace with `pnpm install --offline`, started from that
// project's vitest global set-up, its types checked, its command run.
import { spawn } from 'node:child_process'
import { dirname, join, resolve } from 'node:path'
import { createOfflineProject, type OfflineProject } from '@apiplatform/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
let project: OfflineProject

beforeAll(() => {
  project = createOfflineProject({
    workspace: root,
    packages: [join(root, 'services/web-data'), join(root, 'packages/web-data-routes')],
    dependencies: { vitest: '4.1.12' },
    files: {
      'vitest.config.mjs': `export default { test: { globalSetup: ['./global-setup.mjs'], include: ['*.test.mjs'] } }\n`,
      'global-setup.mjs': `import http from 'node:http'
import { startWebDataService } from '@apiplatform/web-data-service'

export default async function ({ provide }) {
  // the page our code under test would scrape
  const site = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<html><head><title>Kettle</title></head><body><h1>Acme Kettle</h1><p>Price: 49.90 EUR</p></body></html>')
  })
  await new Promise((r) => site.listen(0, '127.0.0.1', r))
  const page = 'http://127.0.0.1:' + site.address().port + '/kettle'
  const webData = await startWebDataService({
    port: 0,
    storage: 'memory',
    allowPrivateUrls: true,
    seed: [{ path: '/v2/scrape', body: { url: page } }],
  })
  provide('webData', { url: webData.url, apiKey: webData.apiKey, page })
  return async () => {
    await webData.stop()
    site.close()
  }
}
`,
      'scrape.test.mjs': `import { expect, inject, it } from 'vitest'

const { url, apiKey, page } = inject('webData')

it('scrapes a page to markdown through the stand-in', async () => {
  const res = await fetch(url + '/v2/scrape', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ url: page, formats: ['markdown'] }),
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('x-request-id')).toMatch(/^req_/)
  const body = await res.json()
  expect(body.data.markdown).toContain('# Acme Kettle')
})

it('finds the seeded page with search', async () => {
  const res = await fetch(url + '/v2/search', {
    method: 'POST',
    headers: { authorization: 'Bearer ' + apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'kettle' }),
  })
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(JSON.stringify(body.data)).toContain(page)
})
`,
      'use.mts': `import { startWebDataService, type WebDataService } from '@apiplatform/web-data-service'

const service: WebDataService = await startWebDataService({ port: 0, storage: 'memory', credits: 10, logLevel: 'info' })
const key: string = service.apiKey
await service.stop()
export { key }
`,
    },
  })
}, 600_000)
afterAll(() => project?.remove())

it('runs in a consumer vitest suite, started by its global set-up', async () => {
  const output = await project.run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run'])
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest's colours
  expect(output.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Tests\s+2 passed/)
}, 180_000)

it('type-checks under moduleResolution node16', async () => {
  const tsc = join(dirname(import.meta.resolve('typescript').replace('file://', '')), '../bin/tsc')
  await project.run(process.execPath, [
    tsc,
    '--noEmit',
    '--strict',
    '--target',
    'es2022',
    '--module',
    'node16',
    '--moduleResolution',
    'node16',
    'use.mts',
  ])
}, 120_000)

it('starts from its command (`npx @apiplatform/web-data-service --port 0`) and stops on SIGTERM', async () => {
  const child = spawn(join(project.dir, 'node_modules/.bin/web-data-service'), ['--port', '0', '--memory'], {
    cwd: project.dir,
    env: { ...process.env, LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((done, fail) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
      if (match?.[1]) done(match[1])
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', () => fail(new Error(`exited before listening:\n${output}`)))
  })
  const res = await fetch(`${url}/openapi.json`)
  expect(res.status).toBe(200)
  const exit = new Promise((done) => child.once('exit', (code) => done(code)))
  child.kill('SIGTERM')
  expect(await exit).toBe(0)
}, 120_000)
