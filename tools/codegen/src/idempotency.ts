/**
 * Which operations are writes: those that declare the `Idempotency-Key` header parameter. The spec
 * is the one source of that fact (its own tests hold it to its naming convention): the routes
 * packages get it as `idempotentWrites` (`idempotency.ts`), the control client as its complement
 * `READ_OPERATIONS` (`meta.ts`), so that neither a service nor a client tells a write by its name.
 */
import type { JsonObject } from '@apiplatform/openapi-toolkit'
import { str } from './source-text.js'

/** Whether resolved parameters include the `Idempotency-Key` header (header names are case-insensitive). */
export const takesIdempotencyKey = (parameters: readonly JsonObject[]): boolean =>
  parameters.some(
    (p) => p.in === 'header' && typeof p.name === 'string' && p.name.toLowerCase() === 'idempotency-key',
  )

export interface ParameterizedOperation {
  operationId: string
  /** The operation's parameters and its path item's, resolved. */
  parameters: JsonObject[]
}

/** The operationIds of the operations that take `Idempotency-Key`, in spec order. */
export const idempotentOperationIds = (operations: readonly ParameterizedOperation[]): string[] =>
  operations.filter((op) => takesIdempotencyKey(op.parameters)).map((op) => op.operationId)

/** `idempotency.ts` of a routes package: the module's source, after `header`. */
export function emitIdempotency(header: string, operations: readonly ParameterizedOperation[]): string {
  return [
    header,
    "import type { OperationId } from './routes.js'",
    '',
    '/**',
    ' * The operations that declare the `Idempotency-Key` header parameter, in spec order: the writes,',
    ' * which a client sends a key on and a service may answer again from a stored response. Every',
    ' * other operation is a read.',
    ' */',
    'export const idempotentWrites: ReadonlySet<OperationId> = new Set<OperationId>([',
    ...idempotentOperationIds(operations).map((id) => `  ${str(id)},`),
    '])',
    '',
  ].join('\n')
}
