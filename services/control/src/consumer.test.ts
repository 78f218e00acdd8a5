// Another team's view of the control client: the packed tarball installed into a project outside
// the workspace, type-checked under both module resolutions, calling this reference service from
// an ESM and a CommonJS script.
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { type ConsumerProject, createConsumerProject } from '@apiplatform/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from './testing/harness.js'

const ctx = useTestService({ kind: 'pglite' })
const clientDir = dirname(createRequire(import.meta.url).resolve('@apiplatform/control-client/package.json'))
let project: ConsumerProject

beforeAll(() => {
  project = createConsumerProject(clientDir, {
    'use.mts': `import { ControlApiError, createControlClient } from '@apiplatform/control-client'
const control = createControlClient({ baseUrl: process.env.BASE_URL!, rootKey: 'k' })
const deployment = await control.deployments.getDeployment({ deploymentId: 'd_seed_v3' })
const current: boolean = deployment.isCurrent
try {
  await control.deployments.rollbackDeployment({ deploymentId: 'd_seed_v2' })
} catch (e) {
  if (e instanceof ControlApiError && e.is(400)) e.errors.map((x) => x.location)
}
export { current }
`,
    'esm.mjs': `import { createControlClient } from '@apiplatform/control-client'
const control = createControlClient({ baseUrl: process.env.BASE_URL, rootKey: process.env.ROOT_KEY })
const d = await control.deployments.getDeployment({ deploymentId: 'd_seed_v3' })
console.log(d.id, d.isCurrent)`,
    'cjs.cjs': `const { ControlApiError, createControlClient } = require('@apiplatform/control-client')
const control = createControlClient({ baseUrl: process.env.BASE_URL, rootKey: process.env.ROOT_KEY })
control.deployments
  .getDeployment({ deploymentId: 'd_nope_nope' })
  .catch((e) => console.log(e instanceof ControlApiError, e.status))`,
  })
}, 180_000)
afterAll(() => project?.remove())

it('type-checks under moduleResolution node16', () => project.typecheck('use.mts', 'node16'), 120_000)
it('type-checks under moduleResolution bundler', () => project.typecheck('use.mts', 'bundler'), 120_000)

it('calls the running service from ESM and CommonJS', { timeout: 120_000 }, async () => {
  const env = { BASE_URL: ctx.service.url, ROOT_KEY }
  expect(await project.run('esm.mjs', env)).toBe('d_seed_v3 true')
  expect(await project.run('cjs.cjs', env)).toBe('true 404')
})
