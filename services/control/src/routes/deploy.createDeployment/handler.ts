import { authorize } from '../../access/authorize.js'
import { denied } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findApp } from '../../repositories/apps.js'
import { findEnvironment } from '../../repositories/environments.js'
import { recordNewDeployment } from '../../use-cases/create-deployment.js'

/**
 * `deploy.createDeployment` (deprecated namespace): always deploys a prebuilt Docker image, to
 * the environment named by `environmentSlug`, recording `branch` and the commit details. Same
 * build workflow and state machine as `deployments.createDeployment`, which also builds from git
 * and redeploys. No 412 is documented here: an app being deleted answers 404.
 */
export const createDeployment =
  (deps: Deps): ServiceHandler<'deploy.createDeployment'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const ws = caller.workspaceId
    const deploymentId = await deps.db.transaction(async (tx) => {
      const app = await findApp(tx, ws, body.project, body.app, { forUpdate: true })
      if (!app || app.deletionRequestedAt !== null)
        throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
      const environment = await findEnvironment(tx, app.id, body.environmentSlug)
      if (!environment)
        throw notFound(
          'environment',
          `The environment ${body.environmentSlug} does not exist in app ${body.app}.`,
        )
      if (!authorize(caller, { environmentId: environment.id }))
        throw denied(caller, { environmentId: environment.id })
      const commit = body.gitCommit
      return recordNewDeployment(tx, deps.queue, {
        app,
        environment,
        gitCommitSha: commit?.commitSha || null,
        gitBranch: body.branch,
        dockerImage: body.dockerImage,
        gitCommit: commit ? { ...commit } : null,
        keyspaceId: body.keyspaceId ?? null,
        requestId,
        now: deps.now(),
      })
    })
    return c.json({ meta: { requestId }, data: { deploymentId } }, 201)
  }
