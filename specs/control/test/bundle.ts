/** Loads the bundled document (`pnpm spec:bundle` writes it) and resolves local references. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { specDir } from './reference.js'

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export type Json = any

export const bundlePath = path.join(specDir, 'dist/openapi.json')

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundlePath, 'utf8'))
}

export function pointer(doc: Json, ref: string): Json {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`)
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, key) => (node === undefined ? undefined : node[key]), doc)
}

export function deref(doc: Json, node: Json): Json {
  let cur = node
  while (cur && typeof cur === 'object' && typeof cur.$ref === 'string') cur = pointer(doc, cur.$ref)
  return cur
}

/** `#/components/schemas/Name` → `Name`. */
export function componentName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(ref)?.[1] : undefined
}

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
