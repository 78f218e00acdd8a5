// Another team's view of the web-data client: the packed tarball installed into a project outside
// the workspace, type-checked under both module resolutions, calling this reference service from
// an ESM and a CommonJS script (scraping a page of the local fixture site).
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { type ConsumerProject, createConsumerProject } from '@apiplatform/contract'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from './testing/fixture-site.js'
import type { TestService } from './testing/harness.js'
import { startSharedTestService } from './testing/shared-service.js'

const clientDir = dirname(createRequire(import.meta.url).resolve('@apiplatform/web-data-client/package.json'))
let project: ConsumerProject
let service: TestService
let site: FixtureSite

beforeAll(async () => {
  ;[service, site] = await Promise.all([
    startSharedTestService({ allowPrivateUrls: true }),
    startFixtureSite(),
  ])
  project = createConsumerProject(clientDir, {
    'use.mts': `import { WebDataApiError, createWebDataClient } from '@apiplatform/web-data-client'
const client = createWebDataClient({ baseUrl: process.env.BASE_URL!, apiKey: 'k' })
const page = await client.scrape({ url: 'https://example.org', formats: ['markdown'] })
const markdown: string | undefined = page.data?.markdown
try {
  await client.agent.get('not-a-uuid')
} catch (e) {
  if (e instanceof WebDataApiError) console.log(e.error, e.retryable)
}
export { markdown }
`,
    'esm.mjs': `import { createWebDataClient } from '@apiplatform/web-data-client'
const client = createWebDataClient({ baseUrl: process.env.BASE_URL, apiKey: process.env.API_KEY })
const page = await client.scrape({ url: process.env.PAGE_URL, formats: ['markdown'] })
console.log(page.data.markdown.includes('# Acme Kettle'))`,
    'cjs.cjs': `const { WebDataApiError, createWebDataClient } = require('@apiplatform/web-data-client')
const client = createWebDataClient({ baseUrl: process.env.BASE_URL, apiKey: process.env.API_KEY })
client.agent.get('not-a-uuid').catch((e) => console.log(e instanceof WebDataApiError, e.status, e.error))`,
  })
}, 180_000)
afterAll(async () => {
  project?.remove()
  await Promise.all([service?.stop(), site?.close()])
})

it('type-checks under moduleResolution node16', () => project.typecheck('use.mts', 'node16'), 120_000)
it('type-checks under moduleResolution bundler', () => project.typecheck('use.mts', 'bundler'), 120_000)

it('calls the running service from ESM and CommonJS', { timeout: 120_000 }, async () => {
  const env = { BASE_URL: service.url, API_KEY: service.apiKey, PAGE_URL: site.at('/product.html') }
  expect(await project.run('esm.mjs', env)).toBe('true')
  expect(await project.run('cjs.cjs', env)).toBe(
    'true 400 Invalid job ID format. Job ID must be a valid UUID.',
  )
})
