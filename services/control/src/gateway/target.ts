import { authorize } from '../access/authorize.js'
import type { Caller } from '../access/caller.js'
import type { Deps } from '../deps.js'
import { forbidden, notFound } from '../domain/errors.js'
import type { PolicyTarget } from '../domain/gateway-policy.js'
import { findApp } from '../repositories/apps.js'
import { findEnvironment } from '../repositories/environments.js'

/** The environment named by project/app/environment (ids or slugs): 404 unknown, 403 without permission. */
export async function resolveTarget(
  deps: Deps,
  caller: Caller,
  body: { project: string; app: string; environment: string },
): Promise<PolicyTarget> {
  const ws = caller.workspaceId
  const app = await findApp(deps.db, ws, body.project, body.app)
  const environment = app && (await findEnvironment(deps.db, app.id, body.environment))
  if (!app || !environment) {
    throw notFound(
      'environment',
      `The environment ${body.environment} of ${body.project}/${body.app} does not exist.`,
    )
  }
  if (!authorize(caller, { environmentId: environment.id })) {
    throw forbidden(`The root key lacks the gateway policy permission on environment ${environment.id}.`)
  }
  return { workspaceId: ws, projectId: app.projectId, appId: app.id, environmentId: environment.id }
}
