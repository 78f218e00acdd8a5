import { newId } from '@apiplatform/server-kit'
import { authorize } from '../../access/authorize.js'
import { denied } from '../../access/permission.js'
import type { Deps } from '../../deps.js'
import { slugConflict } from '../../domain/app.js'
import { notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { createAppWithEnvironments, slugTaken } from '../../repositories/apps.js'
import { findProject } from '../../repositories/projects.js'
import { isUniqueViolation } from '../../repositories/rows.js'

/**
 * `apps.createApp`: creates the app with its `production` and `preview` environments in one
 * transaction. `git` connects a repository (and its default branch, `main` when omitted).
 */
export const createApp =
  (deps: Deps): ServiceHandler<'apps.createApp'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const project = await findProject(deps.db, caller.workspaceId, body.project)
    if (!project) throw notFound('project', `The project ${body.project} does not exist.`)
    if (!authorize(caller, { projectId: project.id })) throw denied(caller, { projectId: project.id })
    const appId = newId('app')
    try {
      await deps.db.transaction(async (tx) => {
        if (await slugTaken(tx, project.id, body.slug)) throw slugConflict(body.slug, project.slug)
        const now = deps.now()
        await createAppWithEnvironments(tx, {
          id: appId,
          workspaceId: project.workspaceId,
          projectId: project.id,
          slug: body.slug,
          name: body.name,
          gitRepository: body.git?.repository ?? null,
          gitDefaultBranch: body.git ? (body.git.defaultBranch ?? 'main') : null,
          now,
        })
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw slugConflict(body.slug, project.slug)
      throw error
    }
    return c.json({ meta: { requestId: c.get('requestId') }, data: { appId } }, 200)
  }
