/**
 * The runtime half of a route package: the files of `runtime/` (the Hono app skeleton that serves
 * the generated routes, the body limit, request ids), copied into `<out>/runtime/` so that each
 * published route package ships them in its own build, with no dependency on this private tool.
 */
import { readdirSync, readFileSync } from 'node:fs'
import type { GeneratedFiles } from './generate-routes.js'

const RUNTIME_DIR = new URL('../runtime/', import.meta.url)

/** The runtime modules, keyed by their path in the output folder (`runtime/<name>.ts`). */
export function runtimeFiles(): GeneratedFiles {
  const files: GeneratedFiles = {}
  for (const name of readdirSync(RUNTIME_DIR).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue
    const header = `// Copied by @apiplatform/codegen from tools/codegen/runtime/${name}. Do not edit: change it there and run \`generate\`.\n`
    files[`runtime/${name}`] = header + readFileSync(new URL(name, RUNTIME_DIR), 'utf8')
  }
  return files
}
