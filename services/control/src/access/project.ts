/**
 * The project an operation names (id or slug) in the caller's workspace: 404 when there is none
 * (or its deletion was accepted), then 403 without the operation's permission on it.
 */
import type { Sql } from '@apiplatform/server-kit'
import type { Context } from 'hono'
import { notFound } from '../domain/errors.js'
import { authorize } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { findProject, type ProjectRecord } from '../repositories/projects.js'
import type { RowLock } from '../repositories/rows.js'
import { denied } from './permission.js'

export async function projectOf(
  sql: Sql,
  c: Context<ServiceEnv>,
  project: string,
  lock: RowLock = {},
): Promise<ProjectRecord> {
  const found = await findProject(sql, c.get('caller').workspaceId, project, lock)
  if (!found) throw notFound('project', `The project ${project} does not exist.`)
  if (!authorize(c, { projectId: found.id })) throw denied(c, { projectId: found.id })
  return found
}
