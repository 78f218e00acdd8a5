// Another team's view of the service: the packed tarball (with the route package it depends on)
// installed into a project outside the workspace with `pnpm install --offline`, started from that
// project's vitest global set-up, its types checked, its command run.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import {
  createOfflineProject,
  type OfflineProject,
  readImageRecipe,
  startServiceCommand,
} from '@apiplatform/contract'
import { openDatabase } from '@apiplatform/server-kit'
import { afterAll, beforeAll, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
let project: OfflineProject
// The image installs exactly these tarballs; so does the consumer project.
const image = readImageRecipe(join(root, 'services/web-data/Dockerfile'))

beforeAll(() => {
  project = createOfflineProject({
    workspace: root,
    packages: image.packed.map((dir) => join(root, dir)),
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
  const service = await startServiceCommand(
    join(project.dir, 'node_modules/.bin/web-data-service'),
    ['--port', '0', '--memory'],
    {
      cwd: project.dir,
      env: { LOG_FORMAT: 'json' },
    },
  )
  const res = await fetch(`${service.url}/openapi.json`)
  expect(res.status).toBe(200)
  expect(await service.stop()).toBe(0)
  // one JSON line per request, with its request id
  const line = service
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .find((l) => l.path === '/openapi.json')
  expect(line).toMatchObject({ status: 200, reqId: res.headers.get('x-request-id') })
}, 120_000)

// No docker engine here: the image's run stage (its ENV and CMD) on the same installed tarballs.
it('runs as its image does: node:20-slim, the ENV and CMD of the Dockerfile, PostgreSQL through DATABASE_URL', async () => {
  expect(image.bases.every((base) => base === 'node:20-slim')).toBe(true)
  const data = mkdtempSync(join(tmpdir(), 'image-data-'))
  const database = process.env.TEST_DATABASE_URL
  const schema = `image_web_data_${process.pid}`
  try {
    const [command = 'node', ...args] = image.cmd.map((part) => part.replace(/^\/app\//, `${project.dir}/`))
    const service = await startServiceCommand(command, args, {
      cwd: project.dir,
      env: {
        ...image.env,
        PORT: '0',
        DATA_DIR: data,
        ...(database ? { DATABASE_URL: database, DATABASE_SCHEMA: schema } : {}),
      },
    })
    expect(service.output()).toContain(database ? 'PostgreSQL (DATABASE_URL' : `PGlite in ${data}`)
    expect((await fetch(`${service.url}/openapi.json`)).status).toBe(200)
    expect(await service.stop()).toBe(0)
  } finally {
    rmSync(data, { recursive: true, force: true })
    if (database) {
      const db = await openDatabase({ databaseUrl: database })
      await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await db.close()
    }
  }
}, 120_000)
