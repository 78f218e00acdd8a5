import { documentedStatuses } from '@apiplatform/server-kit'
import { type OperationId, spec } from '@apiplatform/web-data-routes'

/** The statuses each operation documents, read once from the bundled spec. */
const documented = documentedStatuses(spec)

/** The statuses `operation` documents (undefined for requests outside the spec). */
export function statusesOf(operation: OperationId | undefined): ReadonlySet<number> | undefined {
  return operation === undefined ? undefined : documented.get(operation)
}

/** Whether the spec documents `status` for `operation`. */
export function documents(operation: OperationId | undefined, status: number): boolean {
  return statusesOf(operation)?.has(status) ?? false
}
