/**
 * `codegen routes --spec <bundle.json> --out <dir>`: writes the @hono/zod-openapi route modules
 * of a bundled OpenAPI 3.1 document, and the runtime that serves them (`runtime/`), into `<dir>`
 * (replacing the generated files there).
 *
 * `codegen client <control|web-data> --spec <bundle.json> --out <dir> [--package <package.json>]`:
 * writes the types and runtime tables of that API's client into `<dir>`, stamped with the
 * version of `--package` (default: `package.json` of the working directory).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { parse as parseYaml } from 'yaml'
import { clientGenerators } from './client/index.js'
import { generateRoutes } from './generate-routes.js'
import { runtimeFiles } from './runtime-files.js'

const usage = [
  'Usage: codegen routes --spec <bundle.json|yaml> --out <dir>',
  `       codegen client <${Object.keys(clientGenerators).join('|')}> --spec <bundle.json|yaml> --out <dir> [--package <package.json>]`,
].join('\n')

export function loadSpec(file: string): OpenApiDocument {
  const text = readFileSync(file, 'utf8')
  const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as OpenApiDocument
  if (typeof doc?.openapi !== 'string' || !doc.openapi.startsWith('3.')) {
    throw new Error(`${file} is not an OpenAPI 3 document`)
  }
  return doc
}

function writeFiles(out: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(resolve(out, name)), { recursive: true })
    writeFileSync(resolve(out, name), content)
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      spec: { type: 'string' },
      out: { type: 'string' },
      package: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log(usage)
    return 0
  }
  const [command, api] = positionals
  const client = command === 'client' && api !== undefined ? clientGenerators[api] : undefined
  if (!(command === 'routes' || client) || !values.spec || !values.out) {
    console.error(usage)
    return 2
  }
  const spec = resolve(values.spec)
  const out = resolve(values.out)
  const doc = loadSpec(spec)
  if (client) {
    const pkg = JSON.parse(readFileSync(resolve(values.package ?? 'package.json'), 'utf8')) as {
      version: string
    }
    const { files, operations } = await client(doc, { version: pkg.version })
    writeFiles(out, files)
    console.log(`codegen: ${api} client, ${operations} operations → ${relative(process.cwd(), out) || '.'}`)
    return 0
  }
  const files = {
    ...generateRoutes(doc, { source: relative(process.cwd(), spec).split('\\').join('/') }),
    ...runtimeFiles(),
  }
  writeFiles(out, files)
  const count = Object.keys(doc.paths ?? {}).length
  console.log(
    `codegen: ${Object.keys(files).length} files for ${count} paths → ${relative(process.cwd(), out) || '.'}`,
  )
  return 0
}

try {
  process.exitCode = await main(process.argv.slice(2))
} catch (error) {
  console.error(`codegen: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
