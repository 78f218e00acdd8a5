import type { Deps } from '../../deps.js'
import { toApiApp } from '../../domain/app.js'
import { decodeCursor, encodeCursor, paginate } from '../../domain/cursor.js'
import { forbidden, invalidInput, notFound } from '../../domain/errors.js'
import { authorize } from '../../http/auth.js'
import type { ServiceHandler } from '../../http/env.js'
import { listApps as listRows } from '../../repositories/apps.js'
import { findProject } from '../../repositories/projects.js'

/** `apps.listApps`: the apps of a project, paginated, optionally searched by name or slug. */
export const listApps =
  (deps: Deps): ServiceHandler<'apps.listApps'> =>
  async (c) => {
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const project = await findProject(deps.db, c.get('caller').workspaceId, body.project)
    if (!project) throw notFound('project', `The project ${body.project} does not exist.`)
    if (!authorize(c, { projectId: project.id }))
      throw forbidden(`The root key lacks project.${project.id}.read_app.`)
    const after = body.cursor === undefined ? undefined : decodeCursor(body.cursor)
    if (body.cursor !== undefined && !after) {
      throw invalidInput('The cursor is not one this operation returned.', {
        location: 'body.cursor',
        message: 'Unknown cursor',
      })
    }
    const limit = body.limit ?? 100
    const rows = await listRows(deps.db, {
      projectId: project.id,
      search: body.search,
      after,
      limit: limit + 1,
    })
    const { page, pagination } = paginate(rows, limit, encodeCursor)
    return c.json(
      {
        meta: { requestId },
        data: page.map(toApiApp),
        pagination,
      },
      200,
    )
  }
