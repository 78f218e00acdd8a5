import { requiredPermissions } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { paginate, parseCursor, rowCursor } from '../../domain/cursor.js'
import { toApiDeployment } from '../../domain/deployment.js'
import { forbidden, notFound } from '../../domain/errors.js'
import { readableScope } from '../../domain/readable-scope.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findAppInWorkspace } from '../../repositories/apps.js'
import { listDeployments as listRows } from '../../repositories/deployments.js'
import { findEnvironmentInWorkspace } from '../../repositories/environments.js'
import { findProject } from '../../repositories/projects.js'

/**
 * `deployments.listDeployments`: newest first, filtered, paginated with an opaque cursor. Only
 * deployments of environments the key may read are listed; a key that may read none gets 403,
 * and a filter naming nothing visible gets 404.
 */
export const listDeployments =
  (deps: Deps): ServiceHandler<'deployments.listDeployments'> =>
  async (c) => {
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const caller = callerOf(c)
    const ws = caller.workspaceId
    const scope = readableScope(caller.permissions, requiredPermissions(caller.operationId))
    if (scope.kind === 'none') {
      throw forbidden(
        'The root key lacks environment.*.read_deployment or any environment.<id>.read_deployment.',
      )
    }
    const after = parseCursor(body.cursor)
    const project = body.project ? await findProject(deps.db, ws, body.project) : undefined
    if (body.project && !project) throw notFound('project', `The project ${body.project} does not exist.`)
    const app = body.app ? await findAppInWorkspace(deps.db, ws, body.app, project?.id) : undefined
    if (body.app && !app) throw notFound('app', `The app ${body.app} does not exist.`)
    const environment = body.environment
      ? await findEnvironmentInWorkspace(deps.db, ws, body.environment, {
          appId: app?.id,
          projectId: project?.id,
        })
      : undefined
    if (body.environment && (!environment || !scope.allows(environment.id))) {
      throw notFound(
        'environment',
        `The environment ${body.environment} does not exist or you do not have access to it.`,
      )
    }
    const limit = body.limit ?? 100
    const rows = await listRows(deps.db, {
      workspaceId: ws,
      projectId: project?.id,
      appId: app?.id,
      environmentId: environment?.id,
      statuses: body.status,
      environmentIds: scope.kind === 'some' ? [...scope.ids] : undefined,
      after,
      limit: limit + 1,
    })
    const { page, pagination } = paginate(rows, limit, rowCursor)
    return c.json(
      {
        meta: { requestId },
        data: page.map(toApiDeployment),
        pagination,
      },
      200,
    )
  }
