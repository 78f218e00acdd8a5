/**
 * Finding the environment an operation addresses by `project`, `app` and `environment` (ids or
 * slugs), with the documented answers: 404 when any of them does not exist in the caller's
 * workspace, 403 when the key lacks the operation's permission for that environment.
 */
import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { notFound } from '../domain/errors.js'
import { authorize } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { type AppRecord, findApp } from '../repositories/apps.js'
import { type EnvironmentRecord, findEnvironment } from '../repositories/environments.js'
import { denied } from './permission.js'

export async function appOf(
  deps: Deps,
  c: Context<ServiceEnv>,
  body: { project: string; app: string },
): Promise<AppRecord> {
  const app = await findApp(deps.db, c.get('caller').workspaceId, body.project, body.app)
  if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
  if (!authorize(c, { projectId: app.projectId })) throw denied(c, { projectId: app.projectId })
  return app
}

export async function environmentOf(
  deps: Deps,
  c: Context<ServiceEnv>,
  body: { project: string; app: string; environment: string },
): Promise<{ app: AppRecord; environment: EnvironmentRecord }> {
  const app = await findApp(deps.db, c.get('caller').workspaceId, body.project, body.app)
  if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
  const environment = await findEnvironment(deps.db, app.id, body.environment)
  if (!environment)
    throw notFound('environment', `The environment ${body.environment} does not exist in app ${body.app}.`)
  if (!authorize(c, { environmentId: environment.id })) throw denied(c, { environmentId: environment.id })
  return { app, environment }
}
