/**
 * The release end to end: a fixture workspace released at 1.0.0 gets a new operation; `release`
 * (the same command as `pnpm release`) writes the spec changeset, runs `changeset version`, records
 * the snapshot and publishes to a local Verdaccio; then a fresh project installs the client back.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { writeSnapshot } from '../src/snapshot.ts'
import { loadWorkspace } from '../src/workspace.ts'
import { fixtureWorkspace, here, loadPair, setSpec } from './helpers.ts'
import { type Registry, startRegistry } from './registry.ts'

let registry: Registry
const temp: string[] = []

beforeAll(async () => {
  registry = await startRegistry()
})

afterAll(async () => {
  await registry?.stop()
  for (const d of temp) fs.rmSync(d, { recursive: true, force: true })
})

it('versions, writes the changelog from the spec diff, publishes and installs back', () => {
  const { before, after } = loadPair('new-operation')
  const root = fixtureWorkspace(before)
  temp.push(root)
  writeSnapshot(loadWorkspace(root))
  setSpec(root, after)
  // as on CI: the workspace is installed (links the client to the spec for `workspace:*`)
  execFileSync('pnpm', ['install', '--no-frozen-lockfile', '--silent'], { cwd: root, stdio: 'pipe' })

  const env = {
    ...process.env,
    RELEASE_ROOT: root,
    NPM_REGISTRY_URL: registry.url,
    NPM_TOKEN: registry.token,
    // The fixture has no lockfile; nothing of ours may leak in.
    npm_config_userconfig: path.join(root, '.npmrc-none'),
  }
  const cli = path.resolve(here, '..', 'src', 'cli.ts')
  const out = execFileSync(process.execPath, ['--import', 'tsx', cli, 'release', '--skip-build'], {
    cwd: path.resolve(here, '..'),
    env,
    encoding: 'utf8',
  })
  expect(out).toContain('publishing @fixture/demo-spec@1.1.0')
  expect(out).toContain('publishing @fixture/demo-client@1.1.0')

  // changeset version: fixed group, minor bump, changelog listing the new operation.
  const pkg = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(root, 'packages', name, 'package.json'), 'utf8'))
  expect(pkg('demo-spec').version).toBe('1.1.0')
  expect(pkg('demo-client').version).toBe('1.1.0')
  const changelog = fs.readFileSync(path.join(root, 'packages', 'demo-spec', 'CHANGELOG.md'), 'utf8')
  expect(changelog).toContain('## 1.1.0')
  expect(changelog).toContain(
    '`deployments.cancelDeployment` (POST /v2/deployments.cancelDeployment): operation added',
  )
  expect(changelog).not.toContain('spec-diff:')
  expect(fs.readdirSync(path.join(root, '.changeset')).filter((f) => f.endsWith('.md'))).toEqual([])

  // the snapshot now is the new release
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, 'tools/release/released/manifest.json'), 'utf8'),
  )
  expect(manifest.packages['@fixture/demo-client'].version).toBe('1.1.0')
  const releasedSpec = JSON.parse(
    fs.readFileSync(path.join(root, 'tools/release/released/demo.openapi.json'), 'utf8'),
  )
  expect(releasedSpec).toEqual(after)

  // install it back from the registry, into a fresh project
  const consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'release-consumer-'))
  temp.push(consumer)
  fs.writeFileSync(path.join(consumer, 'package.json'), '{"name":"consumer","private":true}\n')
  execFileSync(
    'npm',
    [
      'install',
      '@fixture/demo-client@1.1.0',
      '--registry',
      registry.url,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    {
      cwd: consumer,
      env: { ...process.env, npm_config_userconfig: path.join(consumer, '.npmrc-none') },
      stdio: 'pipe',
    },
  )
  const installed = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(consumer, 'node_modules', '@fixture', name, 'package.json'), 'utf8'))
  expect(installed('demo-client').version).toBe('1.1.0')
  // workspace:* became the released version of the spec, which came along
  expect(installed('demo-client').dependencies['@fixture/demo-spec']).toBe('1.1.0')
  expect(installed('demo-spec').version).toBe('1.1.0')
  const shipped = fs.readFileSync(path.join(consumer, 'node_modules/@fixture/demo-spec/CHANGELOG.md'), 'utf8')
  expect(shipped).toContain('deployments.cancelDeployment')

  // a second release publishes nothing new
  const again = execFileSync(process.execPath, ['--import', 'tsx', cli, 'publish'], {
    cwd: path.resolve(here, '..'),
    env,
    encoding: 'utf8',
  })
  expect(again).toContain('@fixture/demo-spec@1.1.0 is already on the registry')
})
