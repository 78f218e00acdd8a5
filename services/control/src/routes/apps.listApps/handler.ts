import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { toApiApp } from '../../domain/app.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { searchablePage } from '../../pagination/search-page.js'
import { listApps as listRows } from '../../repositories/apps.js'
import { findProject } from '../../repositories/projects.js'

/** `apps.listApps`: the apps of a project, paginated, optionally searched by name or slug. */
export const listApps =
  (deps: Deps): ServiceHandler<'apps.listApps'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const project = await findProject(deps.db, caller.workspaceId, body.project)
    if (!project) throw notFound('project', `The project ${body.project} does not exist.`)
    if (!authorize(caller, { projectId: project.id }))
      throw forbidden(`The root key lacks project.${project.id}.read_app.`)
    const { data, pagination } = await searchablePage(
      body,
      project.id,
      (input) => listRows(deps.db, input),
      toApiApp,
    )
    return c.json({ meta: { requestId }, data, pagination }, 200)
  }
