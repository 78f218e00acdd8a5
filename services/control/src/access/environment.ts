/**
 * Finding the environment an operation addresses by `project`, `app` and `environment` (ids or
 * slugs), with the documented answers: 404 when any of them does not exist in the caller's
 * workspace, 403 when the key lacks the operation's permission for that environment.
 */
import type { Deps } from '../deps.js'
import type { AppRecord, EnvironmentRecord } from '../domain/app.js'
import { notFound } from '../domain/errors.js'
import { findApp } from '../repositories/apps.js'
import { findEnvironment } from '../repositories/environments.js'
import { authorize } from './authorize.js'
import type { Caller } from './caller.js'
import { denied } from './permission.js'

export async function appOf(
  deps: Deps,
  caller: Caller,
  body: { project: string; app: string },
): Promise<AppRecord> {
  const app = await findApp(deps.db, caller.workspaceId, body.project, body.app)
  if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
  if (!authorize(caller, { projectId: app.projectId })) throw denied(caller, { projectId: app.projectId })
  return app
}

export async function environmentOf(
  deps: Deps,
  caller: Caller,
  body: { project: string; app: string; environment: string },
): Promise<{ app: AppRecord; environment: EnvironmentRecord }> {
  const app = await findApp(deps.db, caller.workspaceId, body.project, body.app)
  if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
  const environment = await findEnvironment(deps.db, app.id, body.environment)
  if (!environment)
    throw notFound('environment', `The environment ${body.environment} does not exist in app ${body.app}.`)
  if (!authorize(caller, { environmentId: environment.id }))
    throw denied(caller, { environmentId: environment.id })
  return { app, environment }
}
