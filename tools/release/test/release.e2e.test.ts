/**
 * The release end to end: a fixture workspace released at 1.0.0 gets a new operation; `release`
 * (the same command as `pnpm release`) writes the spec changeset, runs `changeset version`, records
 * the snapshot and publishes to a local Verdaccio; then a fresh project installs the client back
 * with npm while a second `publish` finds every version on the registry already.
 *
 * Every command runs asynchronously, so the test's timeout can end a command that hangs. The
 * registry starts while the fixture workspace installs, and the install back runs beside the
 * second publish: both pairs are independent.
 */
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { writeSnapshot } from '../src/snapshot.ts'
import { loadWorkspace } from '../src/workspace.ts'
import { fixtureWorkspace, here, loadPair, setSpec } from './helpers.ts'
import { type Registry, startRegistry } from './registry.ts'

const { before, after } = loadPair('new-operation')
let registry: Registry
let url: string
let token: string
let root: string
const temp: string[] = []

/** Runs a command; resolves with its stdout, rejects with its output. */
async function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  try {
    return (await promisify(execFile)(command, args, { ...options, encoding: 'utf8' })).stdout
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`)
  }
}

beforeAll(async () => {
  registry = startRegistry()
  root = fixtureWorkspace(before)
  temp.push(root)
  writeSnapshot(loadWorkspace(root))
  setSpec(root, after)
  const [ready] = await Promise.all([
    registry.ready,
    // as on CI: the workspace is installed (links the client to the spec for `workspace:*`)
    run('pnpm', ['install', '--no-frozen-lockfile', '--silent'], { cwd: root }),
  ])
  ;({ url, token } = ready)
})

afterAll(async () => {
  await registry?.stop()
  for (const d of temp) fs.rmSync(d, { recursive: true, force: true })
})

it('versions, writes the changelog from the spec diff, publishes, installs back, and publishes nothing twice', async () => {
  const env = {
    ...process.env,
    RELEASE_ROOT: root,
    NPM_REGISTRY_URL: url,
    NPM_TOKEN: token,
    // The fixture has no lockfile; nothing of ours may leak in.
    npm_config_userconfig: path.join(root, '.npmrc-none'),
  }
  const cli = (command: string[]) =>
    run(process.execPath, ['--import', 'tsx', path.resolve(here, '..', 'src', 'cli.ts'), ...command], {
      cwd: path.resolve(here, '..'),
      env,
    })
  const out = await cli(['release', '--skip-build'])
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

  // install it back from the registry into a fresh project, while a second release publishes nothing new
  const consumer = fs.mkdtempSync(path.join(os.tmpdir(), 'release-consumer-'))
  temp.push(consumer)
  fs.writeFileSync(path.join(consumer, 'package.json'), '{"name":"consumer","private":true}\n')
  const [, again] = await Promise.all([
    run(
      'npm',
      [
        'install',
        '@fixture/demo-client@1.1.0',
        '--registry',
        url,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: consumer, env: { ...process.env, npm_config_userconfig: path.join(consumer, '.npmrc-none') } },
    ),
    cli(['publish']),
  ])
  const installed = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(consumer, 'node_modules', '@fixture', name, 'package.json'), 'utf8'))
  expect(installed('demo-client').version).toBe('1.1.0')
  // workspace:* became the released version of the spec, which came along
  expect(installed('demo-client').dependencies['@fixture/demo-spec']).toBe('1.1.0')
  expect(installed('demo-spec').version).toBe('1.1.0')
  const shipped = fs.readFileSync(path.join(consumer, 'node_modules/@fixture/demo-spec/CHANGELOG.md'), 'utf8')
  expect(shipped).toContain('deployments.cancelDeployment')

  expect(again).toContain('@fixture/demo-spec@1.1.0 is already on the registry')
  expect(again).toContain('@fixture/demo-client@1.1.0 is already on the registry')
  expect(again).not.toContain('publishing')
  // About 10 CPU-seconds of commands (pnpm publish, changeset version, npm install, npm view): up to
  // 200 s on a saturated two-core machine.
}, 600_000)
