/**
 * What the release tooling knows about a workspace: its packages, the changesets configuration
 * (fixed groups = APIs), the pending changesets, and where the last-released snapshot lives.
 * Everything is read from files, so it works the same in the repo, in a fresh clone and in the
 * fixture workspaces of the tests.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'

export type Bump = 'major' | 'minor' | 'patch' | 'none'

export interface WorkspacePackage {
  name: string
  version: string
  private: boolean
  /** Absolute directory. */
  dir: string
  /** Directory relative to the workspace root, with `/`. */
  relDir: string
  manifest: Record<string, unknown>
}

/** One API: a fixed changesets group that holds a `*-spec` package. */
export interface Api {
  /** `control`, `web-data`: the spec package name without scope and `-spec`. */
  name: string
  spec: WorkspacePackage
  /** Every package of the fixed group, the spec included. */
  packages: WorkspacePackage[]
  /** Absolute path of the bundled spec (`<spec dir>/dist/openapi.json`). */
  bundle: string
}

export interface PendingChangeset {
  id: string
  file: string
  releases: Record<string, Bump>
  summary: string
}

export interface Workspace {
  root: string
  packages: WorkspacePackage[]
  published: WorkspacePackage[]
  apis: Api[]
  changesetDir: string
  /** Directory of the last-released snapshot (`tools/release/released`). */
  releasedDir: string
}

/** Walks up from `from` to the directory holding `pnpm-workspace.yaml`. */
export function findRoot(from = process.cwd()): string {
  let dir = path.resolve(from)
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml above ${from}`)
    dir = parent
  }
}

export function readJson<T = Record<string, unknown>>(file: string): T {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T
}

export function loadWorkspace(root = findRoot()): Workspace {
  const ws = parseYaml(fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')) as {
    packages?: string[]
  }
  const packages: WorkspacePackage[] = []
  for (const pattern of ws.packages ?? []) {
    // Our workspace uses `dir/*` and plain directories only.
    const dirs = pattern.endsWith('/*')
      ? listDirs(path.join(root, pattern.slice(0, -2)))
      : [path.join(root, pattern)]
    for (const dir of dirs) {
      const file = path.join(dir, 'package.json')
      if (!fs.existsSync(file)) continue
      const manifest = readJson(file)
      if (typeof manifest.name !== 'string') continue
      packages.push({
        name: manifest.name,
        version: String(manifest.version ?? '0.0.0'),
        private: manifest.private === true,
        dir,
        relDir: path.relative(root, dir).split(path.sep).join('/'),
        manifest,
      })
    }
  }
  packages.sort((a, b) => a.name.localeCompare(b.name))
  const byName = new Map(packages.map((p) => [p.name, p]))
  const changesetDir = path.join(root, '.changeset')
  const config = fs.existsSync(path.join(changesetDir, 'config.json'))
    ? readJson<{ fixed?: string[][] }>(path.join(changesetDir, 'config.json'))
    : {}
  const apis: Api[] = []
  for (const group of config.fixed ?? []) {
    const members = group.map((n) => byName.get(n)).filter((p): p is WorkspacePackage => !!p)
    const spec = members.find((p) => p.name.endsWith('-spec'))
    if (!spec) continue
    apis.push({
      name: spec.name.replace(/^@[^/]+\//, '').replace(/-spec$/, ''),
      spec,
      packages: members,
      bundle: path.join(spec.dir, 'dist', 'openapi.json'),
    })
  }
  return {
    root,
    packages,
    published: packages.filter((p) => !p.private),
    apis,
    changesetDir,
    releasedDir: path.join(root, 'tools', 'release', 'released'),
  }
}

function listDirs(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(dir, e.name))
    .sort()
}

/** The changesets waiting in `.changeset/` (what `changeset version` would consume). */
export function readChangesets(ws: Workspace): PendingChangeset[] {
  if (!fs.existsSync(ws.changesetDir)) return []
  const out: PendingChangeset[] = []
  for (const file of fs.readdirSync(ws.changesetDir).sort()) {
    if (!file.endsWith('.md') || file.toLowerCase() === 'readme.md') continue
    const text = fs.readFileSync(path.join(ws.changesetDir, file), 'utf8')
    const match = /^---\r?\n([\s\S]*?)\r?\n?---\r?\n?([\s\S]*)$/.exec(text)
    if (!match) continue
    const releases = (parseYaml(match[1] ?? '') ?? {}) as Record<string, Bump>
    out.push({ id: file.replace(/\.md$/, ''), file, releases, summary: (match[2] ?? '').trim() })
  }
  return out
}

/** The highest bump any pending changeset asks for, for one of `names`. */
export function pendingBump(changesets: PendingChangeset[], names: string[]): Bump {
  const order: Bump[] = ['none', 'patch', 'minor', 'major']
  let best: Bump = 'none'
  for (const cs of changesets) {
    for (const name of names) {
      const bump = cs.releases[name]
      if (bump && order.indexOf(bump) > order.indexOf(best)) best = bump
    }
  }
  return best
}

/** Runs a command, returning stdout; `undefined` if it fails (used for optional git look-ups). */
export function tryRun(cmd: string, args: string[], cwd: string): string | undefined {
  try {
    return execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    return undefined
  }
}
