import type { Deps } from '../../deps.js'
import { toApiApp } from '../../domain/app.js'
import { decodeCursor, encodeCursor, paginate } from '../../domain/cursor.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { authorize } from '../../http/auth.js'
import type { ServiceHandler } from '../../http/env.js'
import { handle } from '../../http/problems.js'
import { listApps as listRows } from '../../repositories/apps.js'
import { findProject } from '../../repositories/projects.js'

/** `apps.listApps`: the apps of a project, paginated, optionally searched by name or slug. */
export const listApps = (deps: Deps): ServiceHandler<'apps.listApps'> =>
  handle(async (c) => {
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const project = await findProject(deps.db, c.get('caller').workspaceId, body.project)
    if (!project) throw notFound('project', `The project ${body.project} does not exist.`)
    if (!authorize(c, { projectId: project.id }))
      throw forbidden(`The root key lacks project.${project.id}.read_app.`)
    const after = body.cursor === undefined ? undefined : decodeCursor(body.cursor)
    if (body.cursor !== undefined && !after) {
      return c.json(
        {
          meta: { requestId },
          error: {
            title: 'Bad Request',
            detail: 'The cursor is not one this operation returned.',
            status: 400,
            type: 'https://docs.deploy-control.dev/errors/request/invalid_body',
            errors: [{ location: 'body.cursor', message: 'Unknown cursor' }],
          },
        },
        400,
      )
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
  })
