/**
 * The last-released snapshot, kept in the repo (`tools/release/released/`), so "what changed since
 * the last release" is answered offline, on a fresh or shallow clone with no tags:
 *
 * - `manifest.json`: for every published package, the version last released and a hash of each of
 *   its source files at that release;
 * - `<api>.openapi.json`: the bundled spec of each API at its last release.
 *
 * `pnpm release` rewrites both after `changeset version`.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { type Api, readJson, tryRun, type Workspace, type WorkspacePackage } from './workspace.ts'

export interface ReleasedPackage {
  version: string
  /** Source file (relative to the package) → content hash. */
  files: Record<string, string>
}

export interface Manifest {
  $comment?: string
  packages: Record<string, ReleasedPackage>
}

const COMMENT =
  'Written by `pnpm release` (tools/release): what each published package looked like at its last release. Do not edit by hand.'

/** Files that never ship or do not change what a user of the package gets. */
const IGNORED = [
  /(^|\/)CHANGELOG\.md$/,
  /(^|\/)(test|tests|__tests__|fixtures|test-support)\//,
  /\.test\.[cm]?[jt]sx?$/,
  /(^|\/)tsconfig[^/]*\.json$/,
  /(^|\/)vitest\.config\.[cm]?[jt]s$/,
  /(^|\/)biome\.jsonc?$/,
  /(^|\/)\.gitignore$/,
]
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'generated',
  '.turbo',
  'coverage',
  '.data',
  'artifacts',
  '.consumer',
])

/** Fields of package.json that change what is published (scripts and devDependencies do not). */
const PUBLISHED_FIELDS = [
  'name',
  'type',
  'main',
  'module',
  'types',
  'exports',
  'bin',
  'files',
  'dependencies',
  'peerDependencies',
  'optionalDependencies',
  'engines',
  'sideEffects',
  'publishConfig',
]

export function manifestPath(ws: Workspace): string {
  return path.join(ws.releasedDir, 'manifest.json')
}

export function releasedSpecPath(ws: Workspace, api: Api): string {
  return path.join(ws.releasedDir, `${api.name}.openapi.json`)
}

export function readManifest(ws: Workspace): Manifest {
  const file = manifestPath(ws)
  return fs.existsSync(file) ? readJson<Manifest>(file) : { packages: {} }
}

/** The source files of a package (relative to it): git's view when there is one, else the tree. */
export function sourceFiles(ws: Workspace, pkg: WorkspacePackage): string[] {
  const listed = tryRun('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', pkg.relDir], ws.root)
  let files: string[]
  if (listed !== undefined && tryRun('git', ['rev-parse', '--show-toplevel'], ws.root)?.trim() === ws.root) {
    files = listed
      .split('\0')
      .filter(Boolean)
      .map((f) => path.posix.relative(pkg.relDir, f))
      .filter((f) => fs.existsSync(path.join(pkg.dir, f)))
  } else {
    files = walk(pkg.dir, '')
  }
  return [...new Set(files)]
    .filter((f) => !f.split('/').some((seg) => SKIPPED_DIRS.has(seg)))
    .filter((f) => !IGNORED.some((re) => re.test(f)))
    .sort()
}

function walk(dir: string, prefix: string): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(e.name)) continue
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    if (e.isDirectory()) out.push(...walk(path.join(dir, e.name), rel))
    else if (e.isFile()) out.push(rel)
  }
  return out
}

function hash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16)
}

/** Content hashes of a package's sources; `package.json` counts by its published fields only. */
export function fingerprint(ws: Workspace, pkg: WorkspacePackage): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of sourceFiles(ws, pkg)) {
    if (f === 'package.json') {
      const m = readJson(path.join(pkg.dir, f))
      const published = Object.fromEntries(PUBLISHED_FIELDS.filter((k) => k in m).map((k) => [k, m[k]]))
      out[f] = hash(JSON.stringify(published))
    } else {
      out[f] = hash(fs.readFileSync(path.join(pkg.dir, f)))
    }
  }
  return out
}

/** Files added, removed or changed since the snapshot (relative to the workspace root). */
export function changedSince(ws: Workspace, pkg: WorkspacePackage, released: ReleasedPackage): string[] {
  const now = fingerprint(ws, pkg)
  const names = new Set([...Object.keys(now), ...Object.keys(released.files)])
  return [...names]
    .filter((f) => now[f] !== released.files[f])
    .sort()
    .map((f) => `${pkg.relDir}/${f}`)
}

/** Records the current state of every published package and every API's bundle as released. */
export function writeSnapshot(ws: Workspace): void {
  fs.mkdirSync(ws.releasedDir, { recursive: true })
  const manifest: Manifest = { $comment: COMMENT, packages: {} }
  for (const pkg of ws.published) {
    const version = String(readJson(path.join(pkg.dir, 'package.json')).version)
    manifest.packages[pkg.name] = { version, files: fingerprint(ws, pkg) }
  }
  fs.writeFileSync(manifestPath(ws), `${JSON.stringify(manifest, null, 2)}\n`)
  for (const api of ws.apis) {
    if (!fs.existsSync(api.bundle))
      throw new Error(`${api.spec.name}: ${api.bundle} is missing; bundle it first`)
    fs.copyFileSync(api.bundle, releasedSpecPath(ws, api))
  }
}
