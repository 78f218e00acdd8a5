/**
 * What each API's changelog says besides the released CHANGELOG.md files:
 *
 * - `unreleasedChanges`: what the next release will contain, from the pending changesets that
 *   name the API's packages and the diff of its spec against the last released one;
 * - `firstRelease`: the first release, recorded without publishing: a CHANGELOG.md per package
 *   listing what the spec offers (the diff from nothing), the pending changesets folded into it,
 *   and the released snapshot (`released/`), so every later change shows up as unreleased.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { diffApis } from './check.ts'
import { bumpFor, type SpecDiff } from './diff.ts'

export { formatChanges, type SpecDiff } from './diff.ts'

import { readManifest, writeSnapshot } from './snapshot.ts'
import { MARKER } from './spec-changeset.ts'
import {
  type Api,
  type Bump,
  type PendingChangeset,
  pendingBump,
  readChangesets,
  readJson,
  type Workspace,
} from './workspace.ts'

export interface UnreleasedChanges {
  api: Api
  /** Version of the last release; undefined before the first one. */
  released?: string
  /** The version the next release gets (changesets and spec diff); undefined when nothing changed. */
  next?: string
  bump: Bump
  /** Pending changesets naming one of the API's packages (the one `changeset:spec` writes excluded: `spec` says it). */
  changesets: PendingChangeset[]
  /** The spec against its last release (undefined before the first one). */
  spec?: SpecDiff
}

const ORDER: Bump[] = ['none', 'patch', 'minor', 'major']

export function unreleasedChanges(ws: Workspace, api: Api): UnreleasedChanges {
  const released = readManifest(ws).packages[api.spec.name]?.version
  const names = api.packages.map((p) => p.name)
  const all = readChangesets(ws).filter((c) => names.some((n) => c.releases[n]))
  const changesets = all.filter((c) => !c.summary.includes(MARKER(api.name)))
  const spec = diffApis(ws).find((d) => d.api.name === api.name)?.diff
  const fromSpec: Bump = spec?.changes.length ? bumpFor(spec) : 'none'
  const fromChangesets = pendingBump(all, names)
  const bump = ORDER.indexOf(fromSpec) > ORDER.indexOf(fromChangesets) ? fromSpec : fromChangesets
  const next = released && bump !== 'none' ? increment(released, bump) : undefined
  return { api, released, next, bump, changesets, spec }
}

export function increment(version: string, bump: Exclude<Bump, 'none'>): string {
  const [major = 0, minor = 0, patch = 0] = version.split(/[.-]/).map(Number)
  if (bump === 'major') return `${major + 1}.0.0`
  if (bump === 'minor') return `${major}.${minor + 1}.0`
  return `${major}.${minor}.${patch + 1}`
}

type Json = Record<string, unknown>

/** The operations of a bundle that have an operationId, in the spec's order. */
const operationsOf = (bundle: Json) =>
  walkOperations(bundle as OpenApiDocument, { order: 'document', strict: false }).filter(
    ({ operation }) => operation.operationId,
  )

/** `- **tag** (n): \`op\` (summary), …` for every operation of a bundle, grouped by tag. */
export function operationList(bundle: Json): string {
  const groups = new Map<string, string[]>()
  for (const { method, operation: op } of operationsOf(bundle)) {
    const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other')
    const line = `\`${String(op.operationId)}\` (${method.toUpperCase()}): ${String(op.summary ?? '')}`
    groups.set(tag, [...(groups.get(tag) ?? []), line])
  }
  return [...groups]
    .map(([tag, ops]) => `- **${tag}** (${ops.length})\n${ops.map((o) => `  - ${o}`).join('\n')}`)
    .join('\n')
}

export interface FirstRelease {
  api: string
  version: string
  files: string[]
  consumed: string[]
}

/**
 * Records the first release of every API not released yet, without publishing: writes each
 * package's CHANGELOG.md (the spec's operations, and the summaries of the pending changesets,
 * which this release consumes), then the released snapshot. Throws if an API was released already.
 */
export function firstRelease(ws: Workspace): FirstRelease[] {
  const manifest = readManifest(ws)
  const done: FirstRelease[] = []
  for (const api of ws.apis) {
    if (manifest.packages[api.spec.name])
      throw new Error(`${api.spec.name} was released already (${manifest.packages[api.spec.name]?.version})`)
    if (!fs.existsSync(api.bundle)) throw new Error(`${api.bundle} is missing; bundle the spec first`)
    const bundle = readJson(api.bundle)
    const info = (bundle.info ?? {}) as Json
    const names = api.packages.map((p) => p.name)
    const changesets = readChangesets(ws).filter((c) => names.some((n) => c.releases[n]))
    const operations = operationsOf(bundle).length
    const files: string[] = []
    for (const pkg of api.packages) {
      const version = String(readJson(path.join(pkg.dir, 'package.json')).version)
      const body = [
        `# ${pkg.name}`,
        '',
        `## ${version}`,
        '',
        '### Initial release',
        '',
        `- First release of the ${String(info.title ?? api.name)} (spec ${String(info.version ?? version)}): ${operations} operations.`,
        '',
        indent(operationList(bundle)),
        ...changesets.flatMap((c) => [
          '',
          `- ${indent(c.summary.replace(/\n?<!--[^>]*-->\s*$/, '').trim()).trimStart()}`,
        ]),
        '',
      ].join('\n')
      const file = path.join(pkg.dir, 'CHANGELOG.md')
      fs.writeFileSync(file, body)
      files.push(file)
    }
    done.push({
      api: api.name,
      version: api.spec.version,
      files,
      consumed: changesets.map((c) => c.file),
    })
  }
  // A changeset is consumed once every package it names is released (here: all published ones).
  const releasedNames = new Set(ws.apis.flatMap((a) => a.packages.map((p) => p.name)))
  for (const c of readChangesets(ws)) {
    if (Object.keys(c.releases).every((n) => releasedNames.has(n)))
      fs.rmSync(path.join(ws.changesetDir, c.file))
  }
  writeSnapshot(ws)
  return done
}

function indent(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n')
}
