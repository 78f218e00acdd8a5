/**
 * `authorization.ts` of a routes package: what each operation requires of its caller, read from
 * the spec's authorization extensions when the code is generated, so that a service looks its
 * checks up in a typed table instead of reading the document at run time. A table is written
 * when the spec uses its extension; every operation must then carry it, so that a new operation
 * without one fails the build instead of going unguarded.
 */
import type { JsonObject } from '@apiplatform/openapi-toolkit'

interface AuthorizationTable {
  extension: string
  /** The exported const. */
  name: string
  doc: string
  /** What a value must be, for the error message. */
  expected: string
  valid(value: unknown): boolean
  /** The TypeScript type of one entry, given every value of the spec. */
  entryType(values: unknown[]): string
  /** An exported alias of the entry type, if any. */
  alias?: string
}

const TABLES: AuthorizationTable[] = [
  {
    extension: 'x-required-permissions',
    name: 'requiredPermissions',
    doc:
      '`x-required-permissions` of every operation: alternatives, each a list of permissions (with\n' +
      ' * `{param}` placeholders) that must all be held. `[]`: no permission is needed.',
    expected: 'an array of arrays of permission strings',
    valid: (value) =>
      Array.isArray(value) &&
      value.every(
        (alternative) => Array.isArray(alternative) && alternative.every((p) => typeof p === 'string'),
      ),
    entryType: () => 'readonly (readonly string[])[]',
  },
  {
    extension: 'x-required-scope',
    name: 'requiredScopes',
    doc: '`x-required-scope` of every operation: the scope an API key needs to call it.',
    expected: 'a scope name',
    valid: (value) => typeof value === 'string' && value.length > 0,
    entryType: (values) =>
      [...new Set(values as string[])]
        .sort()
        .map((v) => JSON.stringify(v))
        .join(' | '),
    alias: 'RequiredScope',
  },
]

export interface AuthorizedOperation {
  operationId: string
  operation: JsonObject
}

type SecurityRequirement = Record<string, unknown>

/** The module's source, after `header`; `defaultSecurity` is the document's `security`. */
export function emitAuthorization(
  header: string,
  operations: AuthorizedOperation[],
  defaultSecurity?: SecurityRequirement[],
): string {
  const lines = [header]
  for (const table of TABLES) {
    if (!operations.some((op) => op.operation[table.extension] !== undefined)) continue
    for (const { operationId, operation } of operations) {
      const value = operation[table.extension]
      if (value === undefined) throw new Error(`operation ${operationId} has no ${table.extension}`)
      if (!table.valid(value))
        throw new Error(`operation ${operationId}: ${table.extension} must be ${table.expected}`)
    }
    if (lines.length === 1) lines.push("import type { OperationId } from './routes.js'", '')
    let entry = table.entryType(operations.map((op) => op.operation[table.extension]))
    if (table.alias) {
      lines.push(
        `/** Every value of \`${table.extension}\` in the spec. */`,
        `export type ${table.alias} = ${entry}`,
        '',
      )
      entry = table.alias
    }
    lines.push(
      `/** The ${table.doc} */`,
      `export const ${table.name}: { readonly [K in OperationId]: ${entry} } = {`,
      ...operations.map(
        ({ operationId, operation }) =>
          `  ${JSON.stringify(operationId)}: ${JSON.stringify(operation[table.extension])},`,
      ),
      '}',
      '',
    )
  }
  const security = operations.map(({ operationId, operation }) => ({
    operationId,
    alternatives: ((operation.security as SecurityRequirement[] | undefined) ?? defaultSecurity ?? []).map(
      (requirement) => Object.keys(requirement),
    ),
  }))
  if (security.some((op) => op.alternatives.length > 0)) {
    if (lines.length === 1) lines.push("import type { OperationId } from './routes.js'", '')
    lines.push(
      '/**',
      " * The security of every operation (its own `security`, else the document's): alternatives, each",
      ' * the names of the schemes a request must satisfy together. `[]`: no credential is needed.',
      ' */',
      'export const securitySchemes: { readonly [K in OperationId]: readonly (readonly string[])[] } = {',
      ...security.map(
        ({ operationId, alternatives }) =>
          `  ${JSON.stringify(operationId)}: ${JSON.stringify(alternatives)},`,
      ),
      '}',
      '',
    )
  }
  if (lines.length === 1) lines.push('export {}', '')
  return lines.join('\n')
}
