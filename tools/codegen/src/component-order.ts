import { isObject } from '@apiplatform/openapi-toolkit'
import { componentName, SCHEMA_REF_PREFIX } from './schema-to-zod.js'

function collectRefs(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, into)
  } else if (isObject(node)) {
    if (typeof node.$ref === 'string' && node.$ref.startsWith(SCHEMA_REF_PREFIX))
      into.add(componentName(node.$ref))
    for (const [key, value] of Object.entries(node))
      if (key !== 'example' && key !== 'examples') collectRefs(value, into)
  }
}

/** Component names in dependency order (a dependency before its dependents; cycles broken arbitrarily). */
export function orderComponents(schemas: Record<string, unknown>): string[] {
  const order: string[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string): void => {
    if (state.has(name) || !(name in schemas)) return
    state.set(name, 'visiting')
    const deps = new Set<string>()
    collectRefs(schemas[name], deps)
    for (const dep of [...deps].sort()) visit(dep)
    state.set(name, 'done')
    order.push(name)
  }
  for (const name of Object.keys(schemas).sort()) visit(name)
  return order
}
