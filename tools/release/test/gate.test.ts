import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkBreaking, checkChangesets } from '../src/check.ts'
import { packAndInspect } from '../src/release.ts'
import { writeSnapshot } from '../src/snapshot.ts'
import { writeSpecChangesets } from '../src/spec-changeset.ts'
import { loadWorkspace } from '../src/workspace.ts'
import { addChangeset, fixtureWorkspace, loadPair, setSpec } from './helpers.ts'

const roots: string[] = []
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true })
})

/** A fixture workspace released at 1.0.0 with `before`, now carrying `after`. */
function released(pair: string): string {
  const { before, after } = loadPair(pair)
  const root = fixtureWorkspace(before)
  roots.push(root)
  writeSnapshot(loadWorkspace(root))
  setSpec(root, after)
  return root
}

const failing = <T extends { ok: boolean }>(findings: T[]) => findings.filter((f) => !f.ok)

describe('breaking-change gate', () => {
  it('fails on a breaking spec change without a major changeset, naming the change', () => {
    const root = released('removed-operation')
    addChangeset(root, 'minor-only', { '@fixture/demo-spec': 'minor', '@fixture/demo-client': 'minor' }, 'x')
    const bad = failing(checkBreaking(loadWorkspace(root)))
    expect(bad).toHaveLength(1)
    expect(bad[0]?.message).toContain('deployments.listDeployments')
    expect(bad[0]?.message).toContain('operation removed')
    expect(bad[0]?.message).toContain('"@fixture/demo-spec": major')
  })

  it('passes the same change with a major changeset', () => {
    const root = released('removed-operation')
    addChangeset(root, 'drop-list', { '@fixture/demo-spec': 'major' }, 'Remove listDeployments.')
    expect(failing(checkBreaking(loadWorkspace(root)))).toEqual([])
  })

  it('passes with the major changeset written from the spec diff', () => {
    const root = released('new-required-request-field')
    const ws = loadWorkspace(root)
    const [written] = writeSpecChangesets(ws)
    expect(written?.bump).toBe('major')
    const text = fs.readFileSync(written?.file ?? '', 'utf8')
    expect(text).toContain('"@fixture/demo-client": major')
    expect(text).toContain('field `projectId` is now required')
    expect(failing(checkBreaking(ws))).toEqual([])
  })

  it('lets non-breaking changes through without a major', () => {
    for (const pair of ['new-operation', 'new-optional-field']) {
      const root = released(pair)
      expect(failing(checkBreaking(loadWorkspace(root)))).toEqual([])
    }
  })
})

describe('changeset check', () => {
  it('fails when a published package changed without a changeset, naming it and how to add one', () => {
    const root = released('new-operation')
    const bad = failing(checkChangesets(loadWorkspace(root)))
    expect(bad).toHaveLength(1)
    expect(bad[0]?.message).toContain('@fixture/demo-spec changed since its last release (1.0.0)')
    expect(bad[0]?.message).toContain('packages/demo-spec/openapi.json')
    expect(bad[0]?.message).toContain('pnpm changeset')
  })

  it('passes once a changeset names the package', () => {
    const root = released('new-operation')
    addChangeset(root, 'add-cancel', { '@fixture/demo-spec': 'minor' }, 'Add cancelDeployment.')
    expect(failing(checkChangesets(loadWorkspace(root)))).toEqual([])
  })

  it('ignores private packages, tests, build output and non-published package.json fields', () => {
    const { before } = loadPair('new-operation')
    const root = fixtureWorkspace(before)
    roots.push(root)
    writeSnapshot(loadWorkspace(root))
    const client = path.join(root, 'packages', 'demo-client')
    fs.mkdirSync(path.join(client, 'test'))
    fs.writeFileSync(path.join(client, 'test', 'a.test.js'), '// test\n')
    fs.mkdirSync(path.join(client, 'dist'))
    fs.writeFileSync(path.join(client, 'dist', 'index.js'), '// built\n')
    const pkg = JSON.parse(fs.readFileSync(path.join(client, 'package.json'), 'utf8'))
    pkg.scripts = { test: 'vitest run' }
    fs.writeFileSync(path.join(client, 'package.json'), JSON.stringify(pkg))
    fs.writeFileSync(path.join(root, 'packages', 'demo-tool', 'x.js'), '// private\n')
    expect(failing(checkChangesets(loadWorkspace(root)))).toEqual([])
    pkg.dependencies.lodash = '4.17.21'
    fs.writeFileSync(path.join(client, 'package.json'), JSON.stringify(pkg))
    expect(failing(checkChangesets(loadWorkspace(root))).map((f) => f.subject)).toEqual([
      '@fixture/demo-client',
    ])
  })

  it('needs no changeset before the first release', () => {
    const { before } = loadPair('new-operation')
    const root = fixtureWorkspace(before)
    roots.push(root)
    expect(failing(checkChangesets(loadWorkspace(root)))).toEqual([])
    expect(failing(checkBreaking(loadWorkspace(root)))).toEqual([])
  })
})

describe('publish dry run (pnpm pack, inspected)', () => {
  it('accepts a complete package and names what a broken one lacks', () => {
    const { before } = loadPair('new-operation')
    const root = fixtureWorkspace(before)
    roots.push(root)
    const spec = loadWorkspace(root).published.find((p) => p.name === '@fixture/demo-spec')
    if (!spec) throw new Error('fixture without spec package')
    expect(packAndInspect(spec)).toEqual([])
    const file = path.join(spec.dir, 'package.json')
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'))
    manifest.main = './dist/index.js'
    fs.writeFileSync(file, JSON.stringify(manifest))
    expect(
      packAndInspect(loadWorkspace(root).published.find((p) => p.name === '@fixture/demo-spec') ?? spec),
    ).toEqual(['./dist/index.js is referenced by package.json but not in the tarball (not built?)'])
  })

  it('refuses a runtime dependency on a private workspace package', () => {
    const root = fixtureWorkspace(loadPair('new-operation').before)
    roots.push(root)
    const spec = loadWorkspace(root).published.find((p) => p.name === '@fixture/demo-spec')
    if (!spec) throw new Error('fixture without spec package')
    const file = path.join(spec.dir, 'package.json')
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'))
    manifest.dependencies = { '@fixture/internal-kit': '1.0.0' }
    fs.writeFileSync(file, JSON.stringify(manifest))
    expect(packAndInspect(spec, ['@fixture/internal-kit'])).toEqual([
      'dependencies.@fixture/internal-kit is a private workspace package: it cannot be installed',
    ])
  })
})
