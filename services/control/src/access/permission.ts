/**
 * The 403 answers of an operation, naming the permission of `x-required-permissions` it needs with
 * placeholders such as `{apiId}` filled from the resource addressed.
 */
import type { Context } from 'hono'
import { forbidden } from '../domain/errors.js'
import { authorize, requiredPermissions } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'

/** 403 unless the caller may run the operation on `resource` (placeholders such as `{apiId}`). */
export function requirePermission(c: Context<ServiceEnv>, resource: Record<string, string> = {}): void {
  if (authorize(c, resource)) return
  const alternatives = requiredPermissions(c.get('operationId')).map((a) =>
    a.map((t) => t.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, name: string) => resource[name] ?? `{${name}}`)),
  )
  throw forbidden(`The root key lacks ${alternatives.map((a) => a.join(' and ')).join(' or ')}.`)
}

/** Whether the caller may decrypt keys of `apiId` (`api.*.decrypt_key` or `api.<apiId>.decrypt_key`). */
export function mayDecrypt(c: Context<ServiceEnv>, apiId: string): boolean {
  return c
    .get('caller')
    .permissions.satisfies([['api.*.decrypt_key'], ['api.{apiId}.decrypt_key']], { apiId })
}

/** The 403 of the current operation, naming the permission it needs on `resource`. */
export function denied(c: Context<ServiceEnv>, resource: Record<string, string>) {
  const alternatives = requiredPermissions(c.get('operationId')).flat()
  const first = alternatives.find((p) => p.includes('{')) ?? alternatives[0] ?? 'a permission'
  const needed = first.replace(/\{([A-Za-z0-9_]+)\}/g, (m, name: string) => resource[name] ?? m)
  return forbidden(`The root key lacks ${needed}.`)
}
