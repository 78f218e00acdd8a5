/** Loads the bundled document (`pnpm spec:bundle` writes it); `@apiplatform/openapi-toolkit` resolves its references. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { specDir } from './reference.js'

// biome-ignore lint/suspicious/noExplicitAny: a parsed OpenAPI document is untyped JSON
export type Json = any

export const bundlePath = path.join(specDir, 'dist/openapi.json')

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundlePath, 'utf8'))
}

/** `#/components/schemas/Name` → `Name`. */
export function componentName(ref: unknown): string | undefined {
  return typeof ref === 'string' ? /^#\/components\/schemas\/(\w+)$/.exec(ref)?.[1] : undefined
}

export const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const
