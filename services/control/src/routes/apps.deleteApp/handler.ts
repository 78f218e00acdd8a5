import { appOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { notFound, preconditionFailed } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findAppById, markDeletionRequested } from '../../repositories/apps.js'
import { TASKS_QUEUE, type TaskJob } from '../../workflows/tasks.js'

/**
 * `apps.deleteApp`: 412 while delete protection is on; otherwise records the deletion workflow
 * (in the same transaction as the marking) and answers 202. The workflow takes the app off live
 * traffic, then deletes it with its environments, deployments, domains and variables; `getApp`
 * answers 404 from then on. One deletion is accepted: a delete of an app whose deletion is already
 * requested (or that is gone) is a 404, however many arrive at once.
 */
export const deleteApp =
  (deps: Deps): ServiceHandler<'apps.deleteApp'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const found = await appOf(deps, caller, body)
    const gone = notFound(
      'app',
      `The app ${body.app} does not exist in project ${body.project}, or is being deleted.`,
    )
    await deps.db.transaction(async (tx) => {
      const app = await findAppById(tx, found.id, { forUpdate: true })
      if (!app || app.deletionRequestedAt !== null) throw gone
      if (app.deleteProtection) {
        throw preconditionFailed(
          `The app ${app.slug} has delete protection enabled; turn it off with apps.updateApp first.`,
        )
      }
      if (!(await markDeletionRequested(tx, app.id, deps.now()))) throw gone
      const job: TaskJob = { kind: 'delete_app', appId: app.id, step: 0 }
      await deps.queue.enqueue(tx, TASKS_QUEUE, job, { dedupeKey: `delete_app:${app.id}` })
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
  }
