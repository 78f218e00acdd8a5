import type { Context } from 'hono'
import type { Deps } from '../deps.js'
import { forbidden, notFound } from '../domain/errors.js'
import { authorize } from '../http/auth.js'
import type { ServiceEnv } from '../http/env.js'
import { findApp } from '../repositories/apps.js'
import { findEnvironment } from '../repositories/environments.js'

export interface PolicyTarget {
  workspaceId: string
  projectId: string
  appId: string
  environmentId: string
}

/** The environment named by project/app/environment (ids or slugs): 404 unknown, 403 without permission. */
export async function resolveTarget(
  deps: Deps,
  c: Context<ServiceEnv>,
  body: { project: string; app: string; environment: string },
): Promise<PolicyTarget> {
  const ws = c.get('caller').workspaceId
  const app = await findApp(deps.db, ws, body.project, body.app)
  const environment = app && (await findEnvironment(deps.db, app.id, body.environment))
  if (!app || !environment) {
    throw notFound(
      'environment',
      `The environment ${body.environment} of ${body.project}/${body.app} does not exist.`,
    )
  }
  if (!authorize(c, { environmentId: environment.id })) {
    throw forbidden(`The root key lacks the gateway policy permission on environment ${environment.id}.`)
  }
  return { workspaceId: ws, projectId: app.projectId, appId: app.id, environmentId: environment.id }
}
