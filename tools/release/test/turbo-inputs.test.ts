/**
 * `pnpm test` runs the changeset check through turbo, which re-runs it only when one of the task's
 * inputs changed (tools/release/turbo.json). A file the check compares but the inputs miss would let
 * a warm cache pass a change that needs a changeset, and CI, on a fresh clone, fail it.
 */
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import { expect, it } from 'vitest'
import { sourceFiles } from '../src/snapshot.ts'
import { findRoot, loadWorkspace } from '../src/workspace.ts'

const ROOT_PREFIX = '$TURBO_ROOT$/'

/** Whether a root-relative path is among the task's inputs that are named from the root. */
function taskInputs(): (file: string) => boolean {
  const config = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'turbo.json'), 'utf8')) as {
    tasks: { test: { inputs: string[] } }
  }
  const globs = config.tasks.test.inputs
  const rootGlobs = (negated: boolean) =>
    globs
      .filter((g) => g.startsWith('!') === negated)
      .map((g) => (negated ? g.slice(1) : g))
      .filter((g) => g.startsWith(ROOT_PREFIX))
      .map((g) => g.slice(ROOT_PREFIX.length))
  return picomatch(rootGlobs(false), { ignore: rootGlobs(true), dot: true })
}

it('re-runs the changeset check when any file it compares changes', () => {
  const ws = loadWorkspace(findRoot(import.meta.dirname))
  const covered = taskInputs()
  const compared = ws.published.flatMap((pkg) =>
    sourceFiles(ws, pkg).map((file) => path.posix.join(pkg.relDir, file)),
  )
  expect(compared.length).toBeGreaterThan(100)
  expect(compared.filter((file) => !covered(file))).toEqual([])
})
