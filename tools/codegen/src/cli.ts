/**
 * `codegen routes --spec <bundle.json> --out <dir>`: writes the @hono/zod-openapi route modules
 * of a bundled OpenAPI 3.1 document, and the runtime that serves them (`runtime/`), into `<dir>`
 * (replacing the generated files there).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { parse as parseYaml } from 'yaml'
import { generateRoutes } from './generate-routes.js'
import { runtimeFiles } from './runtime-files.js'

const usage = 'Usage: codegen routes --spec <bundle.json|yaml> --out <dir>'

export function loadSpec(file: string): OpenApiDocument {
  const text = readFileSync(file, 'utf8')
  const doc = (file.endsWith('.json') ? JSON.parse(text) : parseYaml(text)) as OpenApiDocument
  if (typeof doc?.openapi !== 'string' || !doc.openapi.startsWith('3.')) {
    throw new Error(`${file} is not an OpenAPI 3 document`)
  }
  return doc
}

export function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { spec: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help) {
    console.log(usage)
    return 0
  }
  if (positionals[0] !== 'routes' || !values.spec || !values.out) {
    console.error(usage)
    return 2
  }
  const spec = resolve(values.spec)
  const out = resolve(values.out)
  const doc = loadSpec(spec)
  const files = {
    ...generateRoutes(doc, { source: relative(process.cwd(), spec).split('\\').join('/') }),
    ...runtimeFiles(),
  }
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(resolve(out, name)), { recursive: true })
    writeFileSync(resolve(out, name), content)
  }
  const count = Object.keys(doc.paths ?? {}).length
  console.log(
    `codegen: ${Object.keys(files).length} files for ${count} paths → ${relative(process.cwd(), out) || '.'}`,
  )
  return 0
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (error) {
  console.error(`codegen: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
