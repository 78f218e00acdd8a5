// Another team's view of the package: the packed tarball installed with `pnpm install --offline`
// into a project outside the workspace that brings its own hono, zod and @hono/zod-openapi.
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import {
  createOfflineProject,
  installedCopies,
  type OfflineProject,
  typeCheckCost,
} from '@apiplatform/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSUMER_DEPENDENCIES, CONSUMER_FILES } from './test-support/consumer.js'

const root = resolve(import.meta.dirname, '../../..')
let project: OfflineProject

beforeAll(() => {
  project = createOfflineProject({
    workspace: root,
    packages: [resolve(import.meta.dirname, '..')],
    dependencies: CONSUMER_DEPENDENCIES,
    files: CONSUMER_FILES,
  })
}, 600_000)
afterAll(() => project?.remove())

describe('installed from its tarball', () => {
  it('takes hono, zod and @hono/zod-openapi from the consumer (peer dependencies)', () => {
    const manifest = JSON.parse(
      readFileSync(join(project.dir, 'node_modules/@apiplatform/control-routes/package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }
    for (const name of ['hono', 'zod', '@hono/zod-openapi']) {
      expect(manifest.dependencies?.[name]).toBeUndefined()
      expect(manifest.peerDependencies?.[name]).toMatch(/^\^/)
    }
  })

  it('installs exactly one copy of each', () => {
    expect(installedCopies(project, 'hono')).toEqual([CONSUMER_DEPENDENCIES.hono])
    expect(installedCopies(project, 'zod')).toEqual([CONSUMER_DEPENDENCIES.zod])
    expect(installedCopies(project, '@hono/zod-openapi')).toEqual([
      CONSUMER_DEPENDENCIES['@hono/zod-openapi'],
    ])
  })

  it('type-checks a server whose handlers and app line up with the consumer’s own hono', async () => {
    // Fails on any type error: handlers typed by the package, createApi, and the app mounted on
    // an app of the consumer's own hono (two copies of hono would not line up there).
    const cost = await typeCheckCost(project, 'tsconfig.mounted.json')
    expect(cost.types).toBeGreaterThan(0)
  })
})
