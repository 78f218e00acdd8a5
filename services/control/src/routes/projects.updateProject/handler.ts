import { projectOf } from '../../access/project.js'
import type { Deps } from '../../deps.js'
import { projectSlugConflict, toApiProject } from '../../domain/project.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { projectSlugTaken, updateProject as saveChanges } from '../../repositories/projects.js'
import { isUniqueViolation } from '../../repositories/rows.js'

/** `projects.updateProject`: changes the fields given; 409 when the new slug is another project's. */
export const updateProject =
  (deps: Deps): ServiceHandler<'projects.updateProject'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const { project: _, ...changes } = body
    try {
      const updated = await deps.db.transaction(async (tx) => {
        const project = await projectOf(tx, caller, body.project, { forUpdate: true })
        if (changes.slug !== undefined && changes.slug !== project.slug) {
          if (await projectSlugTaken(tx, project.workspaceId, changes.slug))
            throw projectSlugConflict(changes.slug)
        }
        return saveChanges(tx, project.id, changes, deps.now())
      })
      return c.json({ meta: { requestId: c.get('requestId') }, data: toApiProject(updated) }, 200)
    } catch (error) {
      if (isUniqueViolation(error) && changes.slug !== undefined) throw projectSlugConflict(changes.slug)
      throw error
    }
  }
