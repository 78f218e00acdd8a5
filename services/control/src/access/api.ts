import type { Sql } from '@apiplatform/server-kit'
import { notFound } from '../domain/errors.js'
import { type ApiLock, type ApiRecord, findApi } from '../repositories/apis.js'
import type { Caller } from './caller.js'
import { requirePermission } from './permission.js'

export const apiNotFound = (apiId: string) => notFound('api', `The API ${apiId} does not exist.`)

/** The API the caller may act on: 403 without any fitting permission, 404 when unknown, 403 for it. */
export async function apiForOperation(
  caller: Caller,
  sql: Sql,
  apiId: string,
  options: ApiLock = {},
): Promise<ApiRecord> {
  const api = await findApi(sql, caller.workspaceId, apiId, options)
  if (!api) throw apiNotFound(apiId)
  requirePermission(caller, { apiId: api.id })
  return api
}
