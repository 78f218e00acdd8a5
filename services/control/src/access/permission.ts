/**
 * The 403 answers of an operation, naming the permission of `x-required-permissions` it needs with
 * placeholders such as `{apiId}` filled from the resource addressed.
 */
import { forbidden } from '../domain/errors.js'
import { authorize, requiredPermissions } from './authorize.js'
import type { Caller } from './caller.js'

/** 403 unless the caller may run the operation on `resource` (placeholders such as `{apiId}`). */
export function requirePermission(caller: Caller, resource: Record<string, string> = {}): void {
  if (authorize(caller, resource)) return
  const alternatives = requiredPermissions(caller.operationId).map((a) =>
    a.map((t) => t.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => resource[name] ?? `{${name}}`)),
  )
  throw forbidden(`The root key lacks ${alternatives.map((a) => a.join(' and ')).join(' or ')}.`)
}

/** Whether the caller may decrypt keys of `apiId` (`api.*.decrypt_key` or `api.<apiId>.decrypt_key`). */
export function mayDecrypt(caller: Caller, apiId: string): boolean {
  return caller.permissions.satisfies([['api.*.decrypt_key'], ['api.{apiId}.decrypt_key']], { apiId })
}

/** The 403 of the current operation, naming the permission it needs on `resource`. */
export function denied(caller: Caller, resource: Record<string, string>) {
  const alternatives = requiredPermissions(caller.operationId).flat()
  const first = alternatives.find((p) => p.includes('{')) ?? alternatives[0] ?? 'a permission'
  const needed = first.replace(/\{([A-Za-z0-9_]+)\}/g, (m, name: string) => resource[name] ?? m)
  return forbidden(`The root key lacks ${needed}.`)
}
