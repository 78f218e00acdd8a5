/**
 * apiplatform-release <command>
 *
 *   check [--base <ref>]          changeset check + breaking-change gate (RELEASE_BASE=<ref> too)
 *   diff [<api>…]                 the classified spec diff against the last release
 *   changeset:spec [<api>…] [--bump major|minor|patch]
 *                                 write .changeset/<api>-spec-changes.md from the spec diff
 *   release [--skip-build]        gate, changeset version, build, snapshot, publish
 *   publish [--dry-run]           publish what the registry lacks (dry run: pnpm publish --dry-run)
 *   snapshot                      record the current state as released (normally done by release)
 *   first-release                 record the first release without publishing: CHANGELOG.md of
 *                                 every package from the spec and pending changesets, snapshot
 *   unreleased [<api>…]           what the next release contains (changesets and spec diff)
 *
 * Runs on the workspace that holds the current directory (RELEASE_ROOT overrides).
 */
import { firstRelease, unreleasedChanges } from './changelog.ts'
import { checkBreaking, checkChangesets, diffApis, type Finding } from './check.ts'
import { formatChanges } from './diff.ts'
import { publish, ReleaseError, release } from './release.ts'
import { writeSnapshot } from './snapshot.ts'
import { writeSpecChangesets } from './spec-changeset.ts'
import { type Bump, findRoot, loadWorkspace } from './workspace.ts'

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i === -1) return undefined
  const value = args[i + 1]
  args.splice(i, 2)
  return value
}

function flag(args: string[], name: string): boolean {
  const i = args.indexOf(name)
  if (i === -1) return false
  args.splice(i, 1)
  return true
}

function report(title: string, findings: Finding[]): boolean {
  console.log(`\n${title}`)
  for (const f of findings) {
    const [first, ...rest] = f.message.split('\n')
    const line = first?.startsWith(f.subject) ? first : `${f.subject}: ${first}`
    console.log(`  ${f.ok ? '✓' : '✖'} ${line}`)
    for (const line of rest) console.log(`      ${line}`)
  }
  return findings.every((f) => f.ok)
}

export function main(argv: string[]): number {
  const args = [...argv]
  const command = args.shift() ?? 'check'
  const root = findRoot(process.env.RELEASE_ROOT ?? process.cwd())
  const ws = loadWorkspace(root)
  switch (command) {
    case 'check': {
      const base = option(args, '--base') ?? process.env.RELEASE_BASE ?? undefined
      const a = report(
        `Changesets (a change to a published package needs one; compared with ${base ? `git ${base}` : 'the last-released snapshot'}):`,
        checkChangesets(ws, { base }),
      )
      const b = report('Breaking-change gate (bundled spec vs last released spec):', checkBreaking(ws))
      console.log(a && b ? '\nrelease check passed' : '\nrelease check FAILED')
      return a && b ? 0 : 1
    }
    case 'diff': {
      for (const { api, diff } of diffApis(ws)) {
        if (args.length && !args.includes(api.name)) continue
        console.log(`\n## ${api.name}\n`)
        console.log(diff ? formatChanges(diff) || 'no changes' : 'not released yet')
      }
      return 0
    }
    case 'changeset:spec': {
      const bump = option(args, '--bump') as Bump | undefined
      const written = writeSpecChangesets(ws, args, bump)
      for (const w of written) console.log(`wrote ${w.file} (${w.bump})`)
      if (!written.length) console.log('no spec changes against the last release (or nothing released yet)')
      return 0
    }
    case 'release':
      release(root, { skipBuild: flag(args, '--skip-build') })
      return 0
    case 'publish':
      publish(root, { dryRun: flag(args, '--dry-run') })
      return 0
    case 'first-release': {
      for (const r of firstRelease(ws)) {
        console.log(
          `${r.api} ${r.version}: wrote ${r.files.length} CHANGELOG.md, consumed ${r.consumed.length} changeset(s)`,
        )
      }
      console.log(`recorded the released snapshot in ${ws.releasedDir}; commit it with the changelogs`)
      return 0
    }
    case 'unreleased': {
      for (const api of ws.apis) {
        if (args.length && !args.includes(api.name)) continue
        const u = unreleasedChanges(ws, api)
        console.log(
          `\n## ${api.name}: ${u.released ? `${u.released} → ${u.next ?? 'no changes'}` : 'not released yet'}\n`,
        )
        for (const c of u.changesets) console.log(`- ${c.summary.split('\n')[0]} (${c.id})`)
        if (u.spec?.changes.length) console.log(formatChanges(u.spec))
      }
      return 0
    }
    case 'snapshot':
      writeSnapshot(ws)
      console.log(`recorded the released snapshot in ${ws.releasedDir}`)
      return 0
    default:
      console.error(`unknown command ${command}; see the top of tools/release/src/cli.ts`)
      return 2
  }
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (error) {
  if (error instanceof ReleaseError) console.error(`✖ ${error.message}`)
  else console.error(error)
  process.exitCode = 1
}
