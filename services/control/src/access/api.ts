import type { Sql } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import { notFound } from '../domain/errors.js'
import type { ServiceEnv } from '../http/env.js'
import { type ApiLock, type ApiRecord, findApi } from '../repositories/apis.js'
import { requirePermission } from './permission.js'

export const apiNotFound = (apiId: string) => notFound('api', `The API ${apiId} does not exist.`)

/** The API the caller may act on: 403 without any fitting permission, 404 when unknown, 403 for it. */
export async function apiForOperation(
  c: Context<ServiceEnv>,
  sql: Sql,
  apiId: string,
  options: ApiLock = {},
): Promise<ApiRecord> {
  const api = await findApi(sql, c.get('caller').workspaceId, apiId, options)
  if (!api) throw apiNotFound(apiId)
  requirePermission(c, { apiId: api.id })
  return api
}
