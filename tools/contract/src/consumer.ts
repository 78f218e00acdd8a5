import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { createOfflineProject } from './offline-project.js'

/**
 * A project outside the workspace that installs a client package the way another team would:
 * from the tarball `pnpm pack` makes, its dependencies resolved as from the registry but taken
 * offline from this workspace's store (see `createOfflineProject`), so a test never needs the network.
 */
export interface ConsumerProject {
  dir: string
  /** Type-checks `file` of the project with the given module resolution; throws tsc's output on errors. */
  typecheck(file: string, moduleResolution: 'node16' | 'bundler'): void
  /** Runs a script of the project with Node and returns its standard output. */
  run(file: string, env: Record<string, string>): Promise<string>
  remove(): void
}

export function createConsumerProject(packageDir: string, files: Record<string, string>): ConsumerProject {
  const workspace = workspaceRoot(packageDir)
  // The consumer compiles against the same Node typings the workspace is built with.
  const rootManifest = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>
  }
  const typesNode = rootManifest.devDependencies?.['@types/node']
  if (!typesNode) throw new Error(`${workspace}/package.json names no @types/node devDependency`)
  const project = createOfflineProject({
    workspace,
    packages: [packageDir],
    dependencies: { '@types/node': typesNode },
    files,
  })
  const tsc = join(workspace, 'node_modules/typescript/bin/tsc')
  return {
    dir: project.dir,
    typecheck(file, moduleResolution) {
      const module = moduleResolution === 'node16' ? 'node16' : 'esnext'
      try {
        execFileSync(
          process.execPath,
          [
            tsc,
            '--noEmit',
            '--strict',
            '--target',
            'es2022',
            '--module',
            module,
            '--moduleResolution',
            moduleResolution,
            '--types',
            'node',
            file,
          ],
          { cwd: project.dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        )
      } catch (error) {
        const out = error as { stdout?: string; stderr?: string }
        throw new Error(`tsc (${moduleResolution}) failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`)
      }
    },
    async run(file, env) {
      // Standard output only: a warning Node prints on standard error is not the script's answer.
      const { stdout } = await promisify(execFile)(process.execPath, [file], {
        cwd: project.dir,
        env: { ...process.env, ...env },
        timeout: 120_000,
      })
      return stdout.trim()
    },
    remove: () => project.remove(),
  }
}

/** The nearest folder above `dir` holding pnpm-workspace.yaml. */
function workspaceRoot(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'pnpm-workspace.yaml'))) return at
    if (dirname(at) === at) throw new Error(`${dir} is not inside a pnpm workspace`)
  }
}
