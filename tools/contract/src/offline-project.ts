/**
 * A project of another team that installs our packages from their tarballs the way that team would
 * (`pnpm install`), with no network: `pnpm install --offline` takes every other package from the
 * pnpm store this workspace was installed into.
 *
 * An offline install also needs the registry's metadata of each package, which a
 * `--frozen-lockfile` install of the workspace never downloads. So the install gets a metadata
 * mirror of its own (a private `cache-dir`, removed afterwards), written from the workspace's
 * pnpm-lock.yaml: every package version the workspace uses, with its integrity, its dependencies
 * and its peer ranges. pnpm then resolves the project as it would against the registry, within
 * those versions.
 *
 * The project is a pnpm workspace of its own (its own pnpm-workspace.yaml), so pnpm never mistakes
 * it for a part of ours. A project installed inside this repository (a turbo task's output, see
 * `installConsumerProject`) still has the workspace's `node_modules` folders above it, where Node
 * and tsc would look for anything the project lacks. Two guards keep it as isolated as a project
 * elsewhere: every node process run in it (`project.env`) loads `offline-isolation.cjs`, for which
 * a module found outside the project is not found; and `filesOutside` names the files a tsc
 * `--listFiles` run read from outside it.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process'
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, isAbsolute, join, sep } from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'yaml'

export interface OfflineProject {
  dir: string
  /** The environment of a node process run in the project: its module resolution stops at the project. */
  env: Record<string, string>
  /** Runs a command in the project (with `env`); resolves with its output, rejects with it on failure. */
  run(command: string, args: string[], env?: Record<string, string>): Promise<string>
}

export interface TemporaryOfflineProject extends OfflineProject {
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

/** A project in a new temporary folder (`remove()` deletes it). */
export function createOfflineProject(options: OfflineProjectOptions): TemporaryOfflineProject {
  const dir = mkdtempSync(join(tmpdir(), 'offline-consumer-'))
  try {
    installInto(dir, options)
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return { ...openOfflineProject(dir), remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A project installed into `dir` (whatever was there is removed first). */
export function installOfflineProject(dir: string, options: OfflineProjectOptions): OfflineProject {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  installInto(dir, options)
  return openOfflineProject(dir)
}

/** `offline-isolation/`: loaded into every node process run in the project (see its comments). */
const ISOLATION = ['offline-isolation.cjs', 'offline-isolation.mjs']
const GUARD = ISOLATION[0] as string

/** A project installed earlier by `installOfflineProject`. */
export function openOfflineProject(dir: string): OfflineProject {
  if (!existsSync(join(dir, 'node_modules/.modules.yaml')) || !existsSync(join(dir, GUARD)))
    throw new Error(`${dir} holds no installed offline project`)
  const env = {
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require ${JSON.stringify(join(dir, GUARD))}`]
      .filter(Boolean)
      .join(' '),
  }
  return {
    dir,
    env,
    async run(command, args, extra = {}) {
      try {
        const { stdout, stderr } = await promisify(execFile)(command, args, {
          cwd: dir,
          env: { ...process.env, ...env, ...extra },
          maxBuffer: 64 * 1024 * 1024,
          // A backstop, beyond every test's own limit: no command outlives the test that ran it.
          timeout: 600_000,
        })
        return `${stdout}${stderr}`
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string; message: string }
        throw new Error(
          `${command} ${args.join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`,
        )
      }
    },
  }
}

/**
 * The files of a tsc `--listFiles` output that lie outside the project (a package the project lacks,
 * found in a `node_modules` folder of the workspace above it). Empty when the compile read only the
 * project's own files.
 */
export function filesOutside(project: OfflineProject, listFilesOutput: string): string[] {
  const root = realpathSync(project.dir) + sep
  return listFilesOutput
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => isAbsolute(line) && existsSync(line))
    .filter((file) => !realpathSync(file).startsWith(root))
}

function installInto(dir: string, options: OfflineProjectOptions): void {
  // pnpm as the other team runs it: not with the settings a surrounding `pnpm run` passes down in
  // npm_config_* variables (ours, or its `--silent`, which would mute the error mirrorDir reads).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm|pnpm)_config_/i.test(key)),
  )
  const sh = (cmd: string, args: string[], cwd = dir) =>
    execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
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
  // A workspace of its own: pnpm never looks further up for one (ours).
  writeFileSync(join(dir, 'pnpm-workspace.yaml'), 'packages:\n  - .\n')
  for (const file of ISOLATION)
    copyFileSync(new URL(`../offline-isolation/${file}`, import.meta.url), join(dir, file))
  for (const [name, text] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(dir, name)), { recursive: true })
    writeFileSync(join(dir, name), text)
  }

  const cacheDir = mkdtempSync(join(tmpdir(), 'offline-consumer-cache-'))
  try {
    const store = sh('pnpm', ['store', 'path'], options.workspace).trim()
    const install = (extra: string[]) =>
      spawnSync(
        'pnpm',
        ['install', '--offline', `--config.cache-dir=${cacheDir}`, `--config.store-dir=${store}`, ...extra],
        { cwd: dir, encoding: 'utf8', env: { ...env, CI: 'true' } },
      )
    // The abbreviated documents, and the same as full ones, which pnpm reads for optional
    // dependencies (platform packages such as rolldown's native binding: it checks their libc).
    const mirror = mirrorDir(install, cacheDir)
    writeMetadataMirror(join(options.workspace, 'pnpm-lock.yaml'), [
      ...new Set([mirror, mirror.replace(/\/metadata-v([\d.]+)\//, '/metadata-full-v$1/')]),
    ])
    const installed = install([])
    if (installed.status !== 0) {
      // A pnpm that could not start or was killed has no output: say that instead of "null".
      const why = installed.error
        ? `pnpm could not run: ${installed.error.message}`
        : installed.signal
          ? `pnpm was killed by ${installed.signal}`
          : `${installed.stdout}\n${installed.stderr}`
      throw new Error(`pnpm install --offline failed:\n${why}`)
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true })
  }
}

/** Where a package keeps its consumer project: a turbo task's output, gitignored. */
export const CONSUMER_DIR = '.consumer'

/**
 * Installs the consumer project of the package in `packageDir` (the `consumer:install` task):
 * `.consumer/` is emptied and the project installed into a folder of its own inside it, named in
 * `.consumer/current`. turbo restores a cached output over whatever is there without deleting
 * anything, so the folder of another install may remain beside it; the tests open the one named.
 * The package's .gitignore lists `.consumer/`; its tsc and vitest look only at its own folders.
 */
export function installConsumerProject(packageDir: string, options: OfflineProjectOptions): OfflineProject {
  const root = join(packageDir, CONSUMER_DIR)
  rmSync(root, { recursive: true, force: true })
  const name = `project-${Date.now().toString(36)}`
  const project = installOfflineProject(join(root, name), options)
  writeFileSync(join(root, 'current'), `${name}\n`)
  // Biome, run on the package (its `lint`) or on the repository (`pnpm format`), leaves the project alone.
  writeFileSync(
    join(root, 'biome.json'),
    `${JSON.stringify({ root: false, files: { includes: ['!**'] } })}\n`,
  )
  return project
}

/** The consumer project `installConsumerProject` installed for the package in `packageDir`. */
export function openConsumerProject(packageDir: string): OfflineProject {
  const current = join(packageDir, CONSUMER_DIR, 'current')
  if (!existsSync(current))
    throw new Error(
      `${current} is missing: install the consumer project first (\`pnpm turbo run consumer:install --filter=<package>\`; \`pnpm turbo run test\` does)`,
    )
  return openOfflineProject(join(packageDir, CONSUMER_DIR, readFileSync(current, 'utf8').trim()))
}

/** What a `consumer:install` task checked in the project (tsc runs, figures), for its tests to read. */
export function writeProjectChecks(project: OfflineProject, checks: Record<string, unknown>): void {
  writeFileSync(join(project.dir, 'checks.json'), `${JSON.stringify(checks, null, 2)}\n`)
}

export function readProjectChecks<T>(project: OfflineProject): T {
  return JSON.parse(readFileSync(join(project.dir, 'checks.json'), 'utf8')) as T
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

/** One metadata document per package name, listing the versions the lockfile holds, in each of `mirrors`. */
function writeMetadataMirror(lockfile: string, mirrors: string[]): void {
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
    const text = JSON.stringify({
      name,
      'dist-tags': { latest: versions.at(-1) },
      versions: doc.versions,
      cachedAt: Date.now(),
    })
    for (const mirror of mirrors) {
      const file = join(mirror, `${name}.json`)
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, text)
    }
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
