/**
 * Writes, for each API whose spec differs from its last release, a changeset whose summary lists
 * every changed operation and field (from the classified diff). Its bump follows the diff: major
 * for a breaking change, minor for additions, patch for documentation. `changeset version` then puts
 * that list into the CHANGELOG.md of the spec, client and routes packages of the API.
 *
 * The file is `.changeset/<api>-spec-changes.md` and is rewritten on each run, so it always matches
 * the spec; `pnpm release` runs this before `changeset version`.
 */
import fs from 'node:fs'
import path from 'node:path'
import { diffApis } from './check.ts'
import { bumpFor, formatChanges } from './diff.ts'
import { readManifest } from './snapshot.ts'
import type { Bump, Workspace } from './workspace.ts'

export const MARKER = (api: string) => `<!-- spec-diff:${api} -->`

export function specChangesetFile(ws: Workspace, api: string): string {
  return path.join(ws.changesetDir, `${api}-spec-changes.md`)
}

export interface Written {
  api: string
  file: string
  bump: Bump
}

export function writeSpecChangesets(ws: Workspace, only: string[] = [], forced?: Bump): Written[] {
  const manifest = readManifest(ws)
  const written: Written[] = []
  for (const { api, diff } of diffApis(ws)) {
    if (only.length && !only.includes(api.name)) continue
    const file = specChangesetFile(ws, api.name)
    if (!diff?.changes.length) {
      if (fs.existsSync(file)) fs.rmSync(file)
      continue
    }
    const bump = forced ?? bumpFor(diff)
    const from = manifest.packages[api.spec.name]?.version ?? 'the last release'
    const counts = [
      diff.breaking.length && `${diff.breaking.length} breaking`,
      diff.nonBreaking.length && `${diff.nonBreaking.length} non-breaking`,
      diff.documentation.length && `${diff.documentation.length} documentation`,
    ]
      .filter(Boolean)
      .join(', ')
    const front = api.packages.map((p) => `"${p.name}": ${bump}`).join('\n')
    const body = [
      `${title(api.name)} API spec changes since ${from} (${counts}):`,
      '',
      formatChanges(diff).trim(),
      '',
      MARKER(api.name),
    ].join('\n')
    fs.mkdirSync(ws.changesetDir, { recursive: true })
    fs.writeFileSync(file, `---\n${front}\n---\n\n${body}\n`)
    written.push({ api: api.name, file, bump })
  }
  return written
}

function title(name: string): string {
  return name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('-')
}
