// Another team's view of the service: the packed tarball (with the route and spec packages it
// depends on) installed into a project outside the workspace with `pnpm install --offline`, started
// from that project's vitest global set-up, its types checked, its command run.
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
const image = readImageRecipe(join(root, 'services/control/Dockerfile'))

beforeAll(() => {
  project = createOfflineProject({
    workspace: root,
    packages: image.packed.map((dir) => join(root, dir)),
    dependencies: { vitest: '4.1.12' },
    files: {
      'vitest.config.mjs': `export default { test: { globalSetup: ['./global-setup.mjs'], include: ['*.test.mjs'] } }\n`,
      'global-setup.mjs': `import { startControlService } from '@apiplatform/control-service'

export default async function ({ provide }) {
  const control = await startControlService({
    port: 0,
    storage: 'memory',
    seed: [{ path: '/v2/apis.createApi', body: { name: 'payments-test' } }],
  })
  provide('control', { url: control.url, rootKey: control.rootKey, apiId: control.seeded[0].data.apiId })
  return () => control.stop()
}
`,
      'keys.test.mjs': `import { expect, inject, it } from 'vitest'

const { url, rootKey, apiId } = inject('control')
const call = (operation, body, key = rootKey) =>
  fetch(url + '/v2/' + operation, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

it('creates and verifies a key against the stand-in', async () => {
  const created = await call('keys.createKey', { apiId, name: 'from a consumer' })
  expect(created.status).toBe(200)
  const { data } = await created.json()
  const verified = await call('keys.verifyKey', { key: data.key })
  const body = await verified.json()
  expect(body.data.valid).toBe(true)
  expect(verified.headers.get('x-request-id')).toBe(body.meta.requestId)
})

it('rolls back a seeded deployment', async () => {
  const res = await call('deployments.rollbackDeployment', { deploymentId: 'd_seed_v2' })
  expect(res.status).toBe(202)
})
`,
      'use.mts': `import { type ControlService, DEMO_DATA, startControlService } from '@apiplatform/control-service'

const service: ControlService = await startControlService({ port: 0, storage: { dataDir: '.data' }, logLevel: 'info' })
const target: string = DEMO_DATA.deployments.v2
await service.stop()
export { target }
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

it('starts from its command (`npx @apiplatform/control-service --port 0`) and stops on SIGTERM', async () => {
  const service = await startServiceCommand(
    join(project.dir, 'node_modules/.bin/control-service'),
    ['--port', '0', '--memory'],
    {
      cwd: project.dir,
      env: { LOG_FORMAT: 'json' },
    },
  )
  const res = await fetch(`${service.url}/v2/liveness`)
  expect(res.status).toBe(200)
  expect(await service.stop()).toBe(0)
  // one JSON line per request, with its request id
  const line = service
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .find((l) => l.path === '/v2/liveness')
  expect(line).toMatchObject({ status: 200, reqId: res.headers.get('x-request-id') })
}, 120_000)

// No docker engine here: the image's run stage (its ENV and CMD) on the same installed tarballs.
it('runs as its image does: node:20-slim, the ENV and CMD of the Dockerfile, PostgreSQL through DATABASE_URL', async () => {
  expect(image.bases.every((base) => base === 'node:20-slim')).toBe(true)
  const data = mkdtempSync(join(tmpdir(), 'image-data-'))
  const database = process.env.TEST_DATABASE_URL
  const schema = `image_control_${process.pid}`
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
    expect((await fetch(`${service.url}/v2/liveness`)).status).toBe(200)
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
