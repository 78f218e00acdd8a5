import type { Sql } from '@apiplatform/server-kit'
import { notFound } from '../domain/errors.js'
import { findIdentity, type IdentityRecord } from '../repositories/identities.js'
import type { Caller } from './caller.js'
import { requirePermission } from './permission.js'

export const identityNotFound = (identity: string) =>
  notFound('identity', `The identity ${identity} does not exist.`)

/** The identity named by id or externalId in the caller's workspace (403 first, then 404). */
export async function identityForOperation(
  caller: Caller,
  sql: Sql,
  identity: string,
  options: { forUpdate?: boolean } = {},
): Promise<IdentityRecord> {
  requirePermission(caller)
  const found = await findIdentity(sql, caller.workspaceId, identity, options)
  if (!found) throw identityNotFound(identity)
  return found
}
