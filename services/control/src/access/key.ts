import type { Sql } from '@apiplatform/server-kit'
import { notFound } from '../domain/errors.js'
import { findKey, type KeyRecord } from '../repositories/api-keys.js'
import type { Caller } from './caller.js'
import { requirePermission } from './permission.js'

export const keyNotFound = (keyId: string) =>
  notFound('key', `The key ${keyId} does not exist or has been deleted.`)

/**
 * The key of the caller's workspace that the caller may act on: 404, then 403 for its API (a key
 * with no fitting permission at all got its 403 from the auth middleware already).
 */
export async function keyForOperation(
  caller: Caller,
  sql: Sql,
  keyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<KeyRecord> {
  const key = await findKey(sql, caller.workspaceId, keyId, options)
  if (!key) throw keyNotFound(keyId)
  requirePermission(caller, { apiId: key.apiId })
  return key
}
