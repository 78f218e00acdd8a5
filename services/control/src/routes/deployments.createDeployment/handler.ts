import { randomBytes } from 'node:crypto'
import { authorize } from '../../access/authorize.js'
import type { Deps } from '../../deps.js'
import { forbidden, invalidInput, notFound, preconditionFailed } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findApp } from '../../repositories/apps.js'
import { findDeployment } from '../../repositories/deployments.js'
import { findEnvironment } from '../../repositories/environments.js'
import { recordNewDeployment } from '../../use-cases/create-deployment.js'

/**
 * `deployments.createDeployment`: records a `pending` deployment and its build workflow in one
 * transaction and answers 201 with its id. The workflow walks it to `ready`; a ready production
 * deployment takes live traffic unless the app is marked rolled back.
 */
export const createDeployment =
  (deps: Deps): ServiceHandler<'deployments.createDeployment'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const requestId = c.get('requestId')
    const ws = caller.workspaceId
    const sources = (['git', 'image', 'deployment'] as const).filter((k) => body[k] !== undefined)
    if (sources.length !== 1) {
      throw invalidInput('Give exactly one deployment source: git, image or deployment.', {
        location: sources.length > 1 ? `body.${sources[1]}` : 'body',
        message: sources.length > 1 ? 'Only one source may be given' : 'A source is required',
        fix: 'Send exactly one of git, image or deployment.',
      })
    }
    const { deploymentId } = await deps.db.transaction(async (tx) => {
      const app = await findApp(tx, ws, body.project, body.app, { forUpdate: true })
      if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${body.project}.`)
      if (app.deletionRequestedAt !== null)
        throw preconditionFailed(`The app ${app.slug} is being deleted and accepts no new deployments.`)
      const environment = await findEnvironment(tx, app.id, body.environment)
      if (!environment) throw notFound('environment', `The environment ${body.environment} does not exist.`)
      if (!authorize(caller, { environmentId: environment.id })) {
        throw forbidden(`The root key lacks environment.${environment.id}.create_deployment.`)
      }
      let gitCommitSha: string | null = null
      let gitBranch: string | null = null
      let dockerImage: string | null = null
      if (body.git) {
        if (!app.gitRepository && !body.git.repository) {
          throw preconditionFailed(`The app ${app.id} has no connected repository; deploy an image instead.`)
        }
        gitBranch = body.git.branch ?? app.gitDefaultBranch ?? 'main'
        gitCommitSha = body.git.commitSha ?? randomBytes(20).toString('hex')
      } else if (body.image) {
        dockerImage = body.image.dockerImage
      } else if (body.deployment) {
        const source = await findDeployment(tx, ws, body.deployment.deploymentId)
        if (!source)
          throw notFound('deployment', `The deployment ${body.deployment.deploymentId} does not exist.`)
        if (source.appId !== app.id) {
          throw preconditionFailed(
            `The deployment ${source.id} belongs to another app and cannot be redeployed here.`,
          )
        }
        gitCommitSha = source.gitCommitSha
        gitBranch = source.gitBranch
        dockerImage = source.dockerImage
      }
      const id = await recordNewDeployment(tx, deps.queue, {
        app,
        environment,
        gitCommitSha,
        gitBranch,
        dockerImage,
        requestId,
        now: deps.now(),
      })
      return { deploymentId: id }
    })
    return c.json({ meta: { requestId }, data: { deploymentId } }, 201)
  }
