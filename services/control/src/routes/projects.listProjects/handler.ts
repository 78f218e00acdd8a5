import type { Deps } from '../../deps.js'
import { toApiProject } from '../../domain/project.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { workspaceList } from '../../pagination/search-page.js'
import { listProjects as listRows } from '../../repositories/projects.js'

/** `projects.listProjects`: the workspace's projects, oldest first, paginated and searchable. */
export const listProjects =
  (deps: Deps): ServiceHandler<'projects.listProjects'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    return c.json(
      await workspaceList(
        caller,
        c.get('requestId'),
        body,
        (input) => listRows(deps.db, input),
        toApiProject,
      ),
      200,
    )
  }
