import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { toApiApp } from '../../domain/app.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findApp } from '../../repositories/apps.js'

/** `apps.getApp`: one app by id or slug, with its current deployment and rolled-back marking. */
export const getApp =
  (deps: Deps): ServiceHandler<'apps.getApp'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const app = await findApp(deps.db, caller.workspaceId, body.project, body.app)
    if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
    if (!authorize(caller, { projectId: app.projectId }))
      throw forbidden(`The root key lacks project.${app.projectId}.read_app.`)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiApp(app) }, 200)
  }
