/**
 * Makes sure a PGlite folder can be used before PGlite opens it, with an error that says what is
 * wrong with it. Node's `mkdirSync(dir, { recursive: true })` never returns for a folder under
 * /proc (the kernel answers ENOENT for a parent that exists, and Node retries forever), and
 * PGlite's own failures on an unusable folder are ENOENT messages about files inside it.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { StartupError } from './startup-error.js'

/** Creates `dataDir` if needed and checks that files can be written in it. */
export function prepareDataDir(dataDir: string, variable = 'DATA_DIR'): void {
  const dir = resolve(dataDir)
  const named = `${variable} ${dataDir}`
  createFolders(dir, named)
  const probe = join(dir, `.write-test-${process.pid}`)
  try {
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
  } catch (error) {
    throw new StartupError(`${named} is not writable (${reason(error)})`)
  }
}

/** `mkdir -p`, one level at a time from the deepest folder that exists. */
function createFolders(dir: string, named: string): void {
  const missing: string[] = []
  let current = dir
  for (;;) {
    const stat = statOrNothing(current)
    if (stat) {
      if (!stat.isDirectory()) {
        throw new StartupError(
          current === dir
            ? `${named} is a file, not a folder`
            : `${named} cannot be created: ${current} is a file`,
        )
      }
      break
    }
    missing.unshift(current)
    const parent = dirname(current)
    if (parent === current) break
    current = parent
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST') continue
      const parent = dirname(folder)
      if (code === 'ENOENT')
        throw new StartupError(`${named} cannot be created: ${parent} does not accept new folders`)
      throw new StartupError(`${named} cannot be created in ${parent} (${reason(error)})`)
    }
  }
}

/** The folder's stat, or `undefined` when it or a parent is missing (or a parent is a file). */
function statOrNothing(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined
    throw error
  }
}

function reason(error: unknown): string {
  const e = error as NodeJS.ErrnoException
  switch (e.code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'EROFS':
      return 'read-only file system'
    case 'ENOSPC':
      return 'no space left on the device'
    case 'ENOTDIR':
      return 'a part of the path is a file'
    default:
      return e.code ?? e.message
  }
}
