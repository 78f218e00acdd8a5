/**
 * The two release gates run by `pnpm test`:
 *
 * 1. changeset check: a published package whose sources changed since its last release needs a
 *    pending changeset that names it;
 * 2. breaking-change gate: an API whose bundled spec has a breaking change against the last
 *    released spec needs a major changeset (or an already major-bumped version).
 *
 * "Changed since the last release" is, by default, a comparison with the snapshot kept in the repo
 * (tools/release/released/manifest.json): it needs no tags and no history, so it answers the same
 * on a shallow, fresh clone. With RELEASE_BASE=<git ref> (e.g. `origin/main` on a pull request) it is
 * instead `git diff` against the merge base with that ref.
 */
import fs from 'node:fs'
import path from 'node:path'
import { diffSpecs, formatChanges, type SpecDiff } from './diff.ts'
import { changedSince, readManifest, releasedSpecPath, sourceFiles } from './snapshot.ts'
import {
  type Api,
  type PendingChangeset,
  pendingBump,
  readChangesets,
  readJson,
  tryRun,
  type Workspace,
  type WorkspacePackage,
} from './workspace.ts'

export interface Finding {
  ok: boolean
  /** The package or API the finding is about. */
  subject: string
  message: string
}

export interface CheckOptions {
  /** Git ref to diff against instead of the released snapshot. */
  base?: string
}

export interface ApiDiff {
  api: Api
  /** `undefined` when the API has not been released yet. */
  diff?: SpecDiff
}

const HOW_TO_ADD = (names: string[], bump = '<patch|minor|major>') =>
  [
    'Add one with `pnpm changeset` (select the package, pick the bump, describe the change), or write',
    `.changeset/<any-name>.md by hand:\n\n---\n${names.map((n) => `"${n}": ${bump}`).join('\n')}\n---\n\nWhat changed, for the changelog.\n`,
    'For a spec change, `pnpm changeset:spec` writes it from the spec diff.',
  ].join('\n')

export function checkChangesets(ws: Workspace, options: CheckOptions = {}): Finding[] {
  const changesets = readChangesets(ws)
  const manifest = readManifest(ws)
  const findings: Finding[] = []
  for (const pkg of ws.published) {
    let changed: string[]
    let since: string
    if (options.base) {
      changed = changedInGit(ws, pkg, options.base)
      since = `since ${options.base}`
    } else {
      const released = manifest.packages[pkg.name]
      if (!released) {
        findings.push({
          ok: true,
          subject: pkg.name,
          message: `not released yet: everything in it ships in its first release (${pkg.version}); no changeset needed`,
        })
        continue
      }
      changed = changedSince(ws, pkg, released)
      since = `since its last release (${released.version})`
    }
    if (!changed.length) {
      findings.push({ ok: true, subject: pkg.name, message: `unchanged ${since}` })
      continue
    }
    const bump = pendingBump(changesets, [pkg.name])
    if (bump !== 'none') {
      findings.push({ ok: true, subject: pkg.name, message: `changed ${since}; pending changeset: ${bump}` })
      continue
    }
    const shown = changed.slice(0, 8).map((f) => `  ${f}`)
    if (changed.length > shown.length) shown.push(`  … and ${changed.length - shown.length} more`)
    findings.push({
      ok: false,
      subject: pkg.name,
      message: [
        `${pkg.name} changed ${since}, but no changeset names it. Changed files:`,
        ...shown,
        HOW_TO_ADD([pkg.name]),
      ].join('\n'),
    })
  }
  return findings
}

function changedInGit(ws: Workspace, pkg: WorkspacePackage, base: string): string[] {
  const mergeBase = tryRun('git', ['merge-base', 'HEAD', base], ws.root)?.trim()
  if (!mergeBase)
    throw new Error(`RELEASE_BASE=${base}: no merge base with HEAD (fetch it, or unset RELEASE_BASE)`)
  const diff = tryRun('git', ['diff', '--name-only', '-z', mergeBase, '--', pkg.relDir], ws.root) ?? ''
  const untracked =
    tryRun('git', ['ls-files', '-o', '--exclude-standard', '-z', '--', pkg.relDir], ws.root) ?? ''
  const current = new Set(sourceFiles(ws, pkg).map((f) => `${pkg.relDir}/${f}`))
  const names = new Set([...diff.split('\0'), ...untracked.split('\0')].filter(Boolean))
  return [...names]
    .filter((f) => current.has(f) || !fs.existsSync(path.join(ws.root, f)))
    .filter((f) => {
      if (f !== `${pkg.relDir}/package.json`) return true
      const before = tryRun('git', ['show', `${mergeBase}:${f}`], ws.root)
      if (!before) return true
      const pick = (m: Record<string, unknown>) =>
        JSON.stringify({ ...m, version: 0, scripts: 0, devDependencies: 0 })
      return pick(JSON.parse(before)) !== pick(readJson(path.join(ws.root, f)))
    })
    .sort()
}

/** Each API's bundle against its last released spec. */
export function diffApis(ws: Workspace): ApiDiff[] {
  return ws.apis.map((api) => {
    const releasedFile = releasedSpecPath(ws, api)
    if (!fs.existsSync(releasedFile)) return { api }
    if (!fs.existsSync(api.bundle)) {
      throw new Error(
        `${api.spec.name}: ${path.relative(ws.root, api.bundle)} is missing; run \`pnpm --dir ${api.spec.relDir} spec:bundle\``,
      )
    }
    return { api, diff: diffSpecs(readJson(releasedFile), readJson(api.bundle)) }
  })
}

export function checkBreaking(ws: Workspace, changesets: PendingChangeset[] = readChangesets(ws)): Finding[] {
  const manifest = readManifest(ws)
  return diffApis(ws).map(({ api, diff }): Finding => {
    const subject = `${api.name} API`
    if (!diff) return { ok: true, subject, message: 'no released spec yet: nothing to compare with' }
    const counts = `${diff.breaking.length} breaking, ${diff.nonBreaking.length} non-breaking, ${diff.documentation.length} documentation change(s)`
    if (!diff.breaking.length) return { ok: true, subject, message: `${counts} against the released spec` }
    const names = api.packages.map((p) => p.name)
    const releasedMajor = major(manifest.packages[api.spec.name]?.version)
    const currentMajor = major(readJson(path.join(api.spec.dir, 'package.json')).version as string)
    if (pendingBump(changesets, names) === 'major') {
      return { ok: true, subject, message: `${counts}; a major changeset is pending` }
    }
    if (releasedMajor !== undefined && currentMajor !== undefined && currentMajor > releasedMajor) {
      return { ok: true, subject, message: `${counts}; the version is already a new major (${currentMajor})` }
    }
    return {
      ok: false,
      subject,
      message: [
        `The ${api.name} spec has breaking changes against its last release, and no major changeset for ${api.spec.name}:`,
        '',
        formatChanges({ ...diff, nonBreaking: [], documentation: [] }).trim(),
        '',
        'Either make the change backward compatible, or release it as a new major version:',
        `\`pnpm changeset:spec ${api.name}\` writes a major changeset listing these changes (or see below).`,
        HOW_TO_ADD(names, 'major'),
      ].join('\n'),
    }
  })
}

function major(version: string | undefined): number | undefined {
  const m = version ? /^(\d+)\./.exec(version) : null
  return m ? Number(m[1]) : undefined
}
