import { readFileSync } from 'node:fs'
import path from 'node:path'
import { walkOperations } from '@apiplatform/openapi-toolkit'
import { loadSheet, specDir } from './reference.js'

// biome-ignore lint/suspicious/noExplicitAny: a JSON document
export type Json = any

/** The bundled document (run `pnpm spec:bundle` first). */
export const spec: Json = JSON.parse(readFileSync(path.join(specDir, 'dist/openapi.json'), 'utf8'))
/** The reference sheet's facts (`reference/api-surface.json`). */
export const sheet = loadSheet()

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

/** Every operation of the bundle: method, path, operation object. */
export function operations(): { method: string; path: string; op: Json }[] {
  return walkOperations(spec, { methods: METHODS, strict: false }).map(({ method, path, operation }) => ({
    method,
    path,
    op: operation,
  }))
}

/** Resolves a local `$ref` (`#/components/...`) of the bundle. */
export function deref(node: Json): Json {
  let n = node
  const seen = new Set<string>()
  while (n && typeof n === 'object' && typeof n.$ref === 'string') {
    if (seen.has(n.$ref)) throw new Error(`ref cycle at ${n.$ref}`)
    seen.add(n.$ref)
    if (!n.$ref.startsWith('#/')) throw new Error(`non-local ref ${n.$ref}`)
    n = n.$ref
      .slice(2)
      .split('/')
      .reduce((acc: Json, k: string) => acc?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec)
    if (n === undefined) throw new Error(`unresolved ref ${node.$ref}`)
  }
  return n
}

/**
 * A flattened view of an object schema: its properties (merged over `allOf`), its required
 * list, and for `oneOf`/`anyOf` the branches. Nullable wrappers (`anyOf: [X, {type: null}]`)
 * are unwrapped.
 */
export interface Flat {
  properties: Record<string, Json>
  required: Set<string>
  branches: Json[]
}

export function unwrapNullable(schema: Json): Json {
  const s = deref(schema)
  for (const k of ['anyOf', 'oneOf']) {
    if (Array.isArray(s?.[k]) && s[k].length === 2) {
      const nonNull = s[k].filter((x: Json) => deref(x)?.type !== 'null')
      if (nonNull.length === 1) return deref(nonNull[0])
    }
  }
  return s
}

export function flatten(schema: Json): Flat {
  const s = unwrapNullable(schema)
  const flat: Flat = { properties: {}, required: new Set(), branches: [] }
  const visit = (x: Json) => {
    const n = deref(x)
    if (!n || typeof n !== 'object') return
    Object.assign(flat.properties, n.properties ?? {})
    for (const r of n.required ?? []) flat.required.add(r)
    for (const a of n.allOf ?? []) visit(a)
    for (const b of n.oneOf ?? n.anyOf ?? []) {
      if (deref(b)?.type !== 'null') flat.branches.push(b)
    }
  }
  visit(s)
  return flat
}

export function sheetPathToOurs(p: string): string {
  return p.startsWith('/v2/') ? p : `/v2${p}`
}
