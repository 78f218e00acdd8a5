/**
 * The consumer project every check of this package runs in: every published package packed and
 * installed offline (`installConsumerProject` of tools/contract) into `.consumer/`, with the
 * programs of `programs/` and the vitest suite of `suite/`, then the programs type-checked. This is
 * the package's `consumer:install` task (`src/install.ts`), which turbo runs before `test` and
 * caches; `test/consumer.test.ts` opens the project and reads the type-checks' results.
 */
import { existsSync, readFileSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import {
  filesOutside,
  installConsumerProject,
  type OfflineProject,
  writeProjectChecks,
} from '@apiplatform/contract'

export const packageDir = resolve(import.meta.dirname, '..')
export const root = resolve(packageDir, '../..')

/** Every published package: the first is the one the project depends on, the others come along (overrides). */
export const PUBLISHED = [
  'packages/control-client',
  'packages/web-data-client',
  'specs/control',
  'specs/web-data',
  'packages/control-routes',
  'packages/web-data-routes',
  'services/control',
  'services/web-data',
]
export const packageName = (dir: string): string =>
  (JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string }).name

// The service programs are only type-checked: the consumer suite runs the same API.
const PROGRAMS = [
  'control.mts',
  'web-data.mts',
  'faults.mts',
  'idempotency.mts',
  'repeat.mts',
  'control-service.mts',
  'web-data-service.mts',
]
const SUITE = [
  'vitest.config.mjs',
  'global-setup.mjs',
  'control.test.mjs',
  'web-data.test.mjs',
  'controls.test.mjs',
]
const source = (folder: string, file: string) => readFileSync(join(packageDir, folder, file), 'utf8')

/** A `tsc --strict` run over the programs: its errors (if any) and the files it read from outside the project (none). */
export interface TscCheck {
  command: string
  error?: string
  outside: string[]
}

export interface ConsumerChecks {
  /** `--module node16`, emitting the JavaScript (`out/`) the programs run from. */
  node16: TscCheck
  /** `--moduleResolution bundler`, no emit (the packages' declaration files are checked once, by the node16 run). */
  bundler: TscCheck
}

async function tsc(project: OfflineProject, args: string[]): Promise<TscCheck> {
  const command = ['tsc', '--strict', '--target', 'es2022', '--types', 'node', ...args, ...PROGRAMS]
  const run = (extra: string[]) =>
    project.run(process.execPath, ['node_modules/typescript/bin/tsc', ...command.slice(1), ...extra])
  try {
    return { command: command.join(' '), outside: filesOutside(project, await run(['--listFiles'])) }
  } catch (error) {
    // tsc emits even when it reports errors: those fail the node16 test, not every test.
    const output = (error as Error).message
    const listed = (line: string) => isAbsolute(line.trim()) && existsSync(line.trim())
    return {
      command: command.join(' '),
      error: output
        .split('\n')
        .filter((line) => !listed(line))
        .join('\n'),
      outside: filesOutside(project, output),
    }
  }
}

export async function installProject(): Promise<OfflineProject> {
  const [main, ...others] = PUBLISHED
  const project = installConsumerProject(packageDir, {
    workspace: root,
    packages: [main as string, ...others].map((dir) => join(root, dir)),
    // Every other published package is installed too (its tarball, through the project's overrides).
    dependencies: {
      ...Object.fromEntries(others.map((dir) => [packageName(dir), '*'])),
      typescript: '5.9.3',
      '@types/node': '20.19.9',
      vitest: '4.1.12',
    },
    files: {
      ...Object.fromEntries([...PROGRAMS, 'cjs.cjs'].map((file) => [file, source('programs', file)])),
      ...Object.fromEntries(SUITE.map((file) => [file, source('suite', file)])),
    },
  })
  const [node16, bundler] = await Promise.all([
    tsc(project, ['--module', 'node16', '--moduleResolution', 'node16', '--outDir', 'out']),
    tsc(project, ['--noEmit', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck']),
  ])
  writeProjectChecks(project, { node16, bundler } satisfies ConsumerChecks)
  return project
}
