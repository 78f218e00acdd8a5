import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { toApiEnvironment } from '../../domain/app.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findApp } from '../../repositories/apps.js'
import { listEnvironments as listRows } from '../../repositories/environments.js'

/** `environments.listEnvironments`: every environment of an app (production first by creation). */
export const listEnvironments =
  (deps: Deps): ServiceHandler<'environments.listEnvironments'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    if (!authorize(caller)) throw forbidden('The root key lacks environment.*.read_environment.')
    const app = await findApp(deps.db, caller.workspaceId, body.project, body.app)
    if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
    const rows = await listRows(deps.db, app.id)
    return c.json({ meta: { requestId: c.get('requestId') }, data: rows.map(toApiEnvironment) }, 200)
  }
