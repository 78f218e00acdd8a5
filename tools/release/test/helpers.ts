import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const here = path.dirname(fileURLToPath(import.meta.url))
export const fixtures = path.join(here, 'fixtures')
export const changelogModule = path.resolve(here, '..', 'changelog.cjs')

export type Doc = Record<string, unknown>

export function loadPair(name: string): { before: Doc; after: Doc } {
  const read = (f: string) => JSON.parse(fs.readFileSync(path.join(fixtures, name, f), 'utf8')) as Doc
  return { before: read('before.json'), after: read('after.json') }
}

const write = (file: string, data: unknown) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`)
}

/**
 * A small workspace shaped like ours: one API (`demo`) whose spec and client version together,
 * plus a private package. The spec's source is `openapi.json`, its bundle `dist/openapi.json`.
 */
export function fixtureWorkspace(spec: Doc, version = '1.0.0'): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-fixture-'))
  write(path.join(root, 'package.json'), { name: 'fixture-root', private: true, type: 'module' })
  write(path.join(root, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n')
  write(path.join(root, '.changeset', 'config.json'), {
    changelog: changelogModule,
    commit: false,
    fixed: [['@fixture/demo-spec', '@fixture/demo-client']],
    linked: [],
    access: 'public',
    baseBranch: 'main',
    updateInternalDependencies: 'patch',
    ignore: [],
  })
  write(path.join(root, 'packages', 'demo-spec', 'package.json'), {
    name: '@fixture/demo-spec',
    version,
    type: 'module',
    files: ['dist/openapi.json', 'CHANGELOG.md'],
    exports: { './openapi.json': './dist/openapi.json' },
  })
  setSpec(root, spec)
  write(path.join(root, 'packages', 'demo-client', 'package.json'), {
    name: '@fixture/demo-client',
    version,
    type: 'module',
    main: 'index.js',
    files: ['index.js', 'CHANGELOG.md'],
    dependencies: { '@fixture/demo-spec': 'workspace:*' },
  })
  write(path.join(root, 'packages', 'demo-client', 'index.js'), 'export const hello = () => "hello"\n')
  write(path.join(root, 'packages', 'demo-tool', 'package.json'), {
    name: '@fixture/demo-tool',
    private: true,
  })
  return root
}

/** Writes the spec source and its bundle. */
export function setSpec(root: string, spec: Doc): void {
  write(path.join(root, 'packages', 'demo-spec', 'openapi.json'), spec)
  write(path.join(root, 'packages', 'demo-spec', 'dist', 'openapi.json'), spec)
}

export function addChangeset(
  root: string,
  id: string,
  releases: Record<string, string>,
  summary: string,
): void {
  const front = Object.entries(releases)
    .map(([n, b]) => `"${n}": ${b}`)
    .join('\n')
  write(path.join(root, '.changeset', `${id}.md`), `---\n${front}\n---\n\n${summary}\n`)
}

export { write }
