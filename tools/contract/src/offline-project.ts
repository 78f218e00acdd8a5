/**
 * A project outside the workspace that installs our packages from their tarballs the way another
 * team would (`pnpm install`), with no network: `pnpm install --offline` takes every other package
 * from the pnpm store this workspace was installed into.
 *
 * An offline install also needs the registry's metadata of each package, which a
 * `--frozen-lockfile` install of the workspace never downloads. So the project gets a metadata
 * mirror of its own (a private `cache-dir`), written from the workspace's pnpm-lock.yaml: every
 * package version the workspace uses, with its integrity, its dependencies and its peer ranges.
 * pnpm then resolves the project as it would against the registry, within those versions.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'yaml'

export interface OfflineProject {
  dir: string
  /** Runs a command in the project; resolves with its output, rejects with it on failure. */
  run(command: string, args: string[], env?: Record<string, string>): Promise<string>
  remove(): void
}

export interface OfflineProjectOptions {
  /** The workspace root (its pnpm-lock.yaml and its store). */
  workspace: string
  /** Directories of workspace packages to pack: the first is the one the project depends on; the others stand in for their registry versions. */
  packages: string[]
  /** Other dependencies (from the registry, i.e. the store), e.g. `{ vitest: '4.1.12' }`. */
  dependencies?: Record<string, string>
  files?: Record<string, string>
}

export function createOfflineProject(options: OfflineProjectOptions): OfflineProject {
  const dir = mkdtempSync(join(tmpdir(), 'offline-consumer-'))
  const sh = (cmd: string, args: string[], cwd = dir) =>
    execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const tarballs: Record<string, string> = {}
  for (const packageDir of options.packages) {
    const before = new Set(readdirSync(dir))
    sh('pnpm', ['pack', '--pack-destination', dir], packageDir)
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz') && !before.has(f))
    if (!tarball) throw new Error(`pnpm pack made no tarball for ${packageDir}`)
    const name = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')).name as string
    tarballs[name] = `file:./${tarball}`
  }
  const [main, ...others] = Object.keys(tarballs)
  if (!main) throw new Error('no package to install')
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'offline-consumer',
        private: true,
        type: 'module',
        dependencies: { [main]: tarballs[main], ...options.dependencies },
        pnpm: {
          overrides: Object.fromEntries(others.map((name) => [name, tarballs[name]])),
          onlyBuiltDependencies: ['esbuild'],
        },
      },
      null,
      2,
    ),
  )
  for (const [name, text] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }

  const cacheDir = join(dir, '.pnpm-cache')
  const store = sh('pnpm', ['store', 'path'], options.workspace).trim()
  const install = (extra: string[]) =>
    spawnSync(
      'pnpm',
      ['install', '--offline', `--config.cache-dir=${cacheDir}`, `--config.store-dir=${store}`, ...extra],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    )
  writeMetadataMirror(join(options.workspace, 'pnpm-lock.yaml'), mirrorDir(install, cacheDir))
  const installed = install([])
  if (installed.status !== 0)
    throw new Error(`pnpm install --offline failed:\n${installed.stdout}\n${installed.stderr}`)

  return {
    dir,
    async run(command, args, env = {}) {
      try {
        const { stdout, stderr } = await promisify(execFile)(command, args, {
          cwd: dir,
          env: { ...process.env, ...env },
          timeout: 180_000,
        })
        return `${stdout}${stderr}`
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; message: string }
        throw new Error(
          `${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`,
        )
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/**
 * Where this pnpm looks for a package's metadata offline: asked of pnpm itself (its error names the
 * file it missed), as the folder depends on pnpm's version and on the configured registry.
 */
function mirrorDir(
  install: (extra: string[]) => { stderr: string; stdout: string },
  cacheDir: string,
): string {
  const probe = install(['--lockfile-only'])
  // `Failed to resolve <name>@<range> in package mirror <folder>/<name>.json`; a scoped name holds a slash.
  const match = /resolve (@?[^@\s]+)@\S* in package mirror (\S+)\.json/.exec(
    `${probe.stdout}\n${probe.stderr}`,
  )
  const [, name, file] = match ?? []
  if (!name || !file?.endsWith(name))
    throw new Error(
      `could not find pnpm's metadata folder under ${cacheDir}:\n${probe.stdout}${probe.stderr}`,
    )
  return file.slice(0, -name.length - 1)
}

interface LockPackage {
  resolution?: { integrity?: string; tarball?: string }
  engines?: Record<string, string>
  os?: string[]
  cpu?: string[]
  libc?: string[]
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, unknown>
  deprecated?: string
}

interface LockSnapshot {
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}

/** One metadata document per package name, listing the versions the lockfile holds. */
function writeMetadataMirror(lockfile: string, mirror: string): void {
  const lock = parse(readFileSync(lockfile, 'utf8')) as {
    packages?: Record<string, LockPackage>
    snapshots?: Record<string, LockSnapshot>
  }
  const split = (key: string) => {
    const at = key.indexOf('@', 1)
    return { name: key.slice(0, at), version: key.slice(at + 1).replace(/\(.*$/, '') }
  }
  const exact = (deps: Record<string, string> | undefined) => {
    const out: Record<string, string> = {}
    for (const [name, value] of Object.entries(deps ?? {})) {
      const version = value.replace(/\(.*$/, '')
      if (version.startsWith('link:') || version.startsWith('file:')) continue
      // an alias (`string-width-cjs: string-width@4.2.3`)
      out[name] = /^[^0-9]/.test(version) ? `npm:${version}` : version
    }
    return out
  }
  const snapshots = new Map<string, LockSnapshot>()
  for (const [key, snapshot] of Object.entries(lock.snapshots ?? {})) {
    const { name, version } = split(key)
    const merged = snapshots.get(`${name}@${version}`) ?? {}
    snapshots.set(`${name}@${version}`, {
      dependencies: { ...merged.dependencies, ...snapshot?.dependencies },
      optionalDependencies: { ...merged.optionalDependencies, ...snapshot?.optionalDependencies },
    })
  }
  const documents = new Map<string, { name: string; versions: Record<string, unknown> }>()
  for (const [key, pkg] of Object.entries(lock.packages ?? {})) {
    const { name, version } = split(key)
    const integrity = pkg.resolution?.integrity
    if (!integrity || !/^\d/.test(version)) continue
    const snapshot = snapshots.get(`${name}@${version}`)
    const doc = documents.get(name) ?? { name, versions: {} }
    doc.versions[version] = {
      name,
      version,
      dependencies: exact(snapshot?.dependencies),
      optionalDependencies: exact(snapshot?.optionalDependencies),
      ...(pkg.peerDependencies ? { peerDependencies: pkg.peerDependencies } : {}),
      ...(pkg.peerDependenciesMeta ? { peerDependenciesMeta: pkg.peerDependenciesMeta } : {}),
      ...(pkg.engines ? { engines: pkg.engines } : {}),
      ...(pkg.os ? { os: pkg.os } : {}),
      ...(pkg.cpu ? { cpu: pkg.cpu } : {}),
      ...(pkg.libc ? { libc: pkg.libc } : {}),
      dist: {
        integrity,
        tarball:
          pkg.resolution?.tarball ??
          `https://registry.npmjs.org/${name}/-/${name.split('/').pop()}-${version}.tgz`,
      },
    }
    documents.set(name, doc)
  }
  for (const [name, doc] of documents) {
    const versions = Object.keys(doc.versions).sort(compareVersions)
    const file = join(mirror, `${name}.json`)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(
      file,
      JSON.stringify({
        name,
        'dist-tags': { latest: versions.at(-1) },
        versions: doc.versions,
        cachedAt: Date.now(),
      }),
    )
  }
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x))
  const pb = b.split(/[.-]/).map((x) => (/^\d+$/.test(x) ? Number(x) : x))
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i]
    const y = pb[i]
    if (x === y) continue
    if (x === undefined) return 1
    if (y === undefined) return -1
    if (typeof x === 'number' && typeof y === 'number') return x - y
    return String(x) < String(y) ? -1 : 1
  }
  return 0
}
