/**
 * The build of a published service (its `tsup.config.ts` calls this): the command (`main`), the
 * programmatic API (`index`) and the PGlite worker thread, which server-kit starts from the file
 * beside its own code. server-kit is private, so it is bundled in (a devDependency of the service);
 * every other dependency stays external and is installed with the package.
 *
 * Then the built `make-template` (the service's `src/make-template.ts`) writes the service's
 * prepared template into `dist/` (see server-kit's README, "Prepared templates"): the database an
 * in-memory start copies instead of applying the migrations and seeding.
 *
 * The declarations of `index` are emitted from that file alone (`transpileDeclaration`, isolated
 * declarations): the public API spells out its types, so building them costs milliseconds instead of
 * a type check of the whole service and its generated routes.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Options } from 'tsup'
import ts from 'typescript'

export function serviceBuild(): ReturnType<typeof defineConfig> {
  const options: Options = {
    entry: {
      main: 'src/main.ts',
      index: 'src/index.ts',
      'make-template': 'src/make-template.ts',
      'pglite-thread': '../../packages/server-kit/dist/db/pglite-thread.js',
    },
    format: 'esm',
    platform: 'node',
    target: 'node20',
    splitting: true,
    sourcemap: true,
    clean: true,
    async onSuccess() {
      emitDeclaration('src/index.ts', 'dist/index.d.ts')
      execFileSync(process.execPath, ['dist/make-template.js'], { stdio: 'inherit' })
    },
  }
  return defineConfig(options)
}

function emitDeclaration(source: string, target: string): void {
  const result = ts.transpileDeclaration(readFileSync(source, 'utf8'), {
    fileName: source,
    reportDiagnostics: true,
    compilerOptions: { declaration: true, isolatedDeclarations: true, target: ts.ScriptTarget.ES2022 },
  })
  const problems = (result.diagnostics ?? []).map(
    (d) => `${source}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  )
  if (problems.length) throw new Error(`the public API needs explicit types:\n${problems.join('\n')}`)
  // The test controls' types are server-kit's (private, bundled): shipped beside the API's own.
  const output = result.outputText.replaceAll(
    `from '${SHIPPED_TYPES.specifier}'`,
    `from './${SHIPPED_TYPES.file}'`,
  )
  if (output !== result.outputText) {
    emitDeclaration(SHIPPED_TYPES.source, join(dirname(target), SHIPPED_TYPES.file.replace(/\.js$/, '.d.ts')))
  }
  // Only the API's own types and those of published packages may appear in it.
  const imports = [...output.matchAll(/from '([^']+)'/g)].map((m) => m[1])
  const local = imports.filter(
    (i) =>
      (i?.startsWith('.') && i !== `./${SHIPPED_TYPES.file}`) || i?.startsWith('@apiplatform/server-kit'),
  )
  if (local.length) throw new Error(`${target} would import ${local.join(', ')}, which is not published`)
  writeFileSync(target, output)
}

/** server-kit's self-contained type module that a service's public declarations may name. */
const SHIPPED_TYPES = {
  specifier: '@apiplatform/server-kit/test-controls-types',
  source: fileURLToPath(new URL('./src/test-controls/public-types.ts', import.meta.url)),
  file: 'test-controls-types.js',
}
