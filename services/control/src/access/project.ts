/**
 * The project an operation names (id or slug) in the caller's workspace: 404 when there is none
 * (or its deletion was accepted), then 403 without the operation's permission on it.
 */
import type { Sql } from '@apiplatform/server-kit'
import { notFound } from '../domain/errors.js'
import type { ProjectRecord } from '../domain/project.js'
import { findProject } from '../repositories/projects.js'
import type { RowLock } from '../repositories/rows.js'
import { authorize } from './authorize.js'
import type { Caller } from './caller.js'
import { denied } from './permission.js'

export async function projectOf(
  sql: Sql,
  caller: Caller,
  project: string,
  lock: RowLock = {},
): Promise<ProjectRecord> {
  const found = await findProject(sql, caller.workspaceId, project, lock)
  if (!found) throw notFound('project', `The project ${project} does not exist.`)
  if (!authorize(caller, { projectId: found.id })) throw denied(caller, { projectId: found.id })
  return found
}
