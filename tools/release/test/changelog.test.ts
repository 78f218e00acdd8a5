import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { firstRelease, increment, unreleasedChanges } from '../src/changelog.ts'
import { checkChangesets } from '../src/check.ts'
import { loadWorkspace } from '../src/workspace.ts'
import { addChangeset, fixtureWorkspace, loadPair, setSpec } from './helpers.ts'

const roots: string[] = []
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true })
})

function workspace(pair: string) {
  const { before, after } = loadPair(pair)
  const root = fixtureWorkspace(before)
  roots.push(root)
  return { root, after }
}

const api = (root: string) => {
  const ws = loadWorkspace(root)
  const found = ws.apis[0]
  if (!found) throw new Error('no API')
  return { ws, api: found }
}

describe('first release', () => {
  it('writes each package a CHANGELOG.md from the spec and the pending changesets, consumes them and records the snapshot', () => {
    const { root } = workspace('new-operation')
    addChangeset(root, 'docs', { '@fixture/demo-spec': 'patch' }, 'Describe the webhook events.')
    const [release] = firstRelease(loadWorkspace(root))
    expect(release?.files.map((f) => path.relative(root, f)).sort()).toEqual([
      'packages/demo-client/CHANGELOG.md',
      'packages/demo-spec/CHANGELOG.md',
    ])
    const changelog = fs.readFileSync(path.join(root, 'packages/demo-client/CHANGELOG.md'), 'utf8')
    expect(changelog).toMatch(/^# @fixture\/demo-client\n\n## 1\.0\.0\n\n### Initial release\n/)
    expect(changelog).toContain('`deployments.listDeployments` (POST)')
    expect(changelog).toContain('- Describe the webhook events.')
    expect(fs.existsSync(path.join(root, '.changeset/docs.md'))).toBe(false)
    expect(fs.existsSync(path.join(root, 'tools/release/released/manifest.json'))).toBe(true)
    expect(checkChangesets(loadWorkspace(root)).every((f) => f.ok)).toBe(true)
    expect(() => firstRelease(loadWorkspace(root))).toThrow(/released already/)
  })
})

describe('unreleased changes', () => {
  it('are empty right after a release', () => {
    const { root } = workspace('new-operation')
    firstRelease(loadWorkspace(root))
    const { ws, api: demo } = api(root)
    const u = unreleasedChanges(ws, demo)
    expect(u).toMatchObject({ released: '1.0.0', bump: 'none', changesets: [] })
    expect(u.next).toBeUndefined()
    expect(u.spec?.changes).toEqual([])
  })

  it('show the next spec change and pending changesets, with the version they lead to', () => {
    const { root, after } = workspace('new-operation')
    firstRelease(loadWorkspace(root))
    setSpec(root, after)
    addChangeset(root, 'retries', { '@fixture/demo-client': 'patch' }, 'Retry 503 answers.')
    const { ws, api: demo } = api(root)
    const u = unreleasedChanges(ws, demo)
    expect(u.bump).toBe('minor')
    expect(u.next).toBe('1.1.0')
    expect(u.changesets.map((c) => c.summary)).toEqual(['Retry 503 answers.'])
    expect(u.spec?.nonBreaking.map((c) => c.message)).toContain('operation added')
  })

  it('are unknown before the first release', () => {
    const { root } = workspace('new-operation')
    const { ws, api: demo } = api(root)
    expect(unreleasedChanges(ws, demo)).toMatchObject({
      released: undefined,
      next: undefined,
      spec: undefined,
    })
  })

  it('count versions the semver way', () => {
    expect(increment('2.0.0', 'patch')).toBe('2.0.1')
    expect(increment('2.3.4', 'minor')).toBe('2.4.0')
    expect(increment('2.3.4', 'major')).toBe('3.0.0')
  })
})
