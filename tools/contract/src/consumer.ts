import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

/**
 * A project outside the workspace that installs a client package the way another team would:
 * from the tarball `pnpm pack` makes, with its dependencies from the registry.
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
  const dir = mkdtempSync(join(tmpdir(), 'consumer-'))
  const sh = (cmd: string, args: string[], cwd = dir) =>
    execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  sh('pnpm', ['pack', '--pack-destination', dir], packageDir)
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error(`pnpm pack made no tarball for ${packageDir}`)
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `./${tarball}`, '@types/node@20'])
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const tsc = resolve(packageDir, '../../node_modules/typescript/bin/tsc')
  return {
    dir,
    typecheck(file, moduleResolution) {
      const module = moduleResolution === 'node16' ? 'node16' : 'esnext'
      try {
        sh('node', [
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
        ])
      } catch (error) {
        const out = error as { stdout?: string; stderr?: string }
        throw new Error(`tsc (${moduleResolution}) failed:\n${out.stdout ?? ''}${out.stderr ?? ''}`)
      }
    },
    async run(file, env) {
      const { stdout } = await promisify(execFile)('node', [file], {
        cwd: dir,
        env: { ...process.env, ...env },
        timeout: 30_000,
      })
      return stdout.trim()
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
