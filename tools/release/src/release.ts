/**
 * `pnpm release`: gate, version, snapshot, publish.
 *
 * 1. the breaking-change gate (a breaking spec change needs a major changeset);
 * 2. `.changeset/<api>-spec-changes.md` from the spec diff (the changelog lists operations and fields);
 * 3. `changeset version` (versions, fixed groups, CHANGELOG.md);
 * 4. build the published packages (turbo), unless --skip-build;
 * 5. record the released snapshot (tools/release/released/);
 * 6. publish every published package whose version the registry does not have yet.
 *
 * The registry is the one named by NPM_REGISTRY_URL, else by the usual npm configuration (.npmrc,
 * npm_config_registry). NPM_TOKEN, when set, authenticates against it.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { checkBreaking } from './check.ts'
import { writeSnapshot } from './snapshot.ts'
import { writeSpecChangesets } from './spec-changeset.ts'
import { loadWorkspace, readJson, type Workspace, type WorkspacePackage } from './workspace.ts'

export interface ReleaseOptions {
  skipBuild?: boolean
  log?: (line: string) => void
}

export interface PublishOptions {
  dryRun?: boolean
  log?: (line: string) => void
}

export function release(root: string, options: ReleaseOptions = {}): void {
  const log = options.log ?? console.log
  let ws = loadWorkspace(root)

  const gate = checkBreaking(ws)
  for (const f of gate) log(`${f.ok ? '✓' : '✖'} ${f.subject}: ${f.message}`)
  if (gate.some((f) => !f.ok)) throw new ReleaseError('breaking-change gate failed; nothing was versioned')

  for (const w of writeSpecChangesets(ws)) log(`wrote ${path.relative(root, w.file)} (${w.bump})`)

  log('changeset version')
  run(process.execPath, [changesetBin(), 'version'], root)
  ws = loadWorkspace(root)

  if (!options.skipBuild) {
    const filters = ws.published.flatMap((p) => ['--filter', p.name])
    log('building the published packages')
    run('pnpm', ['exec', 'turbo', 'run', 'build', 'spec:bundle', ...filters], root)
  }

  writeSnapshot(ws)
  log(`recorded the released snapshot in ${path.relative(root, ws.releasedDir)}`)

  publish(root, { log })
}

/** Publishes (or, with dryRun, packs and lists) every published package in dependency order. */
export function publish(root: string, options: PublishOptions = {}): WorkspacePackage[] {
  const log = options.log ?? console.log
  const ws = loadWorkspace(root)
  const env = registryEnv()
  const registry = process.env.NPM_REGISTRY_URL
  const registryArgs = registry ? ['--registry', registry] : []
  // (a dry run packs only: it needs no registry)
  const done: WorkspacePackage[] = []
  for (const pkg of publishOrder(ws)) {
    const version = String(readJson(path.join(pkg.dir, 'package.json')).version)
    if (options.dryRun) {
      log(`pnpm pack ${pkg.name}@${version}`)
      const problems = packAndInspect(
        pkg,
        ws.packages.filter((p) => p.private).map((p) => p.name),
      )
      for (const p of problems) log(`  ✖ ${p}`)
      if (problems.length) throw new ReleaseError(`${pkg.name}: its tarball is not publishable`)
      log(`  ✓ tarball ok`)
      done.push(pkg)
      continue
    }
    if (isPublished(pkg.name, version, registryArgs, env, pkg.dir)) {
      log(`${pkg.name}@${version} is already on the registry`)
      continue
    }
    log(`publishing ${pkg.name}@${version}${registry ? ` to ${registry}` : ''}`)
    run('pnpm', ['publish', '--no-git-checks', '--access', 'public', ...registryArgs], pkg.dir, env)
    done.push(pkg)
  }
  if (!options.dryRun && done.length) {
    log('published; tag the release commit with `pnpm changeset tag` once it is committed')
  }
  return done
}

/**
 * Packs a package as `pnpm publish` would and inspects the tarball: no `workspace:` ranges left, no
 * dependency on a private workspace package (it would not install: bundle it in instead), and every
 * file that `main`, `types`, `bin` and `exports` point at is inside.
 */
export function packAndInspect(pkg: WorkspacePackage, privatePackages: readonly string[] = []): string[] {
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), 'release-pack-'))
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', dest], {
      cwd: pkg.dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const tgz = fs.readdirSync(dest).find((f) => f.endsWith('.tgz'))
    if (!tgz) return ['pnpm pack wrote no tarball']
    const file = path.join(dest, tgz)
    const files = new Set(
      execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((f) => f.replace(/^package\//, '')),
    )
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' }),
    )
    const problems: string[] = []
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [name, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
        if (range.startsWith('workspace:')) problems.push(`${field}.${name} is still ${range}`)
        if (privatePackages.includes(name))
          problems.push(`${field}.${name} is a private workspace package: it cannot be installed`)
      }
    }
    const targets: string[] = []
    const collect = (v: unknown) => {
      if (typeof v === 'string') targets.push(v)
      else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x)
    }
    collect(manifest.main)
    collect(manifest.types)
    collect(manifest.bin)
    collect(manifest.exports)
    for (const t of targets) {
      const rel = t.replace(/^\.\//, '')
      if (rel.includes('*')) continue
      if (!files.has(rel))
        problems.push(`${t} is referenced by package.json but not in the tarball (not built?)`)
    }
    return problems
  } finally {
    fs.rmSync(dest, { recursive: true, force: true })
  }
}

/** Dependencies before dependents, so an install of a just-published package always resolves. */
function publishOrder(ws: Workspace): WorkspacePackage[] {
  const names = new Set(ws.published.map((p) => p.name))
  const deps = (p: WorkspacePackage) =>
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((k) =>
      Object.keys((p.manifest[k] as Record<string, string> | undefined) ?? {}).filter((n) => names.has(n)),
    )
  const out: WorkspacePackage[] = []
  const visit = (p: WorkspacePackage, stack: Set<string>) => {
    if (out.includes(p) || stack.has(p.name)) return
    stack.add(p.name)
    for (const d of deps(p)) {
      const dep = ws.published.find((x) => x.name === d)
      if (dep) visit(dep, stack)
    }
    out.push(p)
  }
  for (const p of ws.published) visit(p, new Set())
  return out
}

function isPublished(
  name: string,
  version: string,
  registryArgs: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): boolean {
  const r = spawnSync('npm', ['view', `${name}@${version}`, 'version', ...registryArgs], {
    cwd,
    env,
    encoding: 'utf8',
  })
  return r.status === 0 && r.stdout.trim() === version
}

/**
 * With NPM_REGISTRY_URL and NPM_TOKEN set, a user config that authenticates against that registry
 * (on top of the user's own ~/.npmrc); otherwise the environment unchanged.
 */
function registryEnv(): NodeJS.ProcessEnv {
  const registry = process.env.NPM_REGISTRY_URL
  const token = process.env.NPM_TOKEN
  if (!registry || !token) return process.env
  const url = new URL(registry)
  const prefix = `//${url.host}${url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`}`
  const home = path.join(os.homedir(), '.npmrc')
  const base = process.env.npm_config_userconfig ?? (fs.existsSync(home) ? home : undefined)
  const lines = [
    base && fs.existsSync(base) ? fs.readFileSync(base, 'utf8') : '',
    `${prefix}:_authToken=\${NPM_TOKEN}`,
  ]
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'release-npmrc-')), '.npmrc')
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 })
  return { ...process.env, npm_config_userconfig: file, NPM_CONFIG_USERCONFIG: file }
}

function changesetBin(): string {
  const require = createRequire(import.meta.url)
  const pkg = require.resolve('@changesets/cli/package.json')
  return path.join(path.dirname(pkg), 'bin.js')
}

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  execFileSync(cmd, args, { cwd, env, stdio: 'inherit' })
}

export class ReleaseError extends Error {}
