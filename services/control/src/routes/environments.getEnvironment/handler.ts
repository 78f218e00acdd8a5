import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { toApiEnvironment } from '../../domain/app.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findApp } from '../../repositories/apps.js'
import { findEnvironment } from '../../repositories/environments.js'

/** `environments.getEnvironment`: one environment of an app by id or slug. */
export const getEnvironment =
  (deps: Deps): ServiceHandler<'environments.getEnvironment'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const app = await findApp(deps.db, caller.workspaceId, body.project, body.app)
    const environment = app && (await findEnvironment(deps.db, app.id, body.environment))
    if (!environment) throw notFound('environment', `The environment ${body.environment} does not exist.`)
    if (!authorize(caller, { environmentId: environment.id })) {
      throw forbidden(`The root key lacks environment.${environment.id}.read_environment.`)
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiEnvironment(environment) }, 200)
  }
