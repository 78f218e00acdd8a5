import { projectOf } from '../../access/project.js'
import type { Deps } from '../../deps.js'
import { toApiProject } from '../../domain/project.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'

/** `projects.getProject`: one project by id or slug. */
export const getProject =
  (deps: Deps): ServiceHandler<'projects.getProject'> =>
  async (c) => {
    const caller = callerOf(c)
    const project = await projectOf(deps.db, caller, c.req.valid('json').project)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiProject(project) }, 200)
  }
