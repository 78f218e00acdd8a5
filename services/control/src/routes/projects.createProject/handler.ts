import { newId } from '@apiplatform/server-kit'
import { requirePermission } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { projectSlugConflict } from '../../domain/project.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { insertProject, projectSlugTaken } from '../../repositories/projects.js'
import { isUniqueViolation } from '../../repositories/rows.js'

/** `projects.createProject`: an empty project; 409 when a project of the workspace holds the slug. */
export const createProject =
  (deps: Deps): ServiceHandler<'projects.createProject'> =>
  async (c) => {
    const caller = callerOf(c)
    requirePermission(caller)
    const body = c.req.valid('json')
    const workspaceId = caller.workspaceId
    const id = newId('prj')
    try {
      await deps.db.transaction(async (tx) => {
        if (await projectSlugTaken(tx, workspaceId, body.slug)) throw projectSlugConflict(body.slug)
        await insertProject(tx, { id, workspaceId, slug: body.slug, name: body.name, now: deps.now() })
      })
    } catch (error) {
      // Two creations with the same slug at once: the unique index decides.
      if (isUniqueViolation(error)) throw projectSlugConflict(body.slug)
      throw error
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: { id } }, 200)
  }
