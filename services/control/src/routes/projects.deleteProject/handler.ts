import { projectOf } from '../../access/project.js'
import type { Deps } from '../../deps.js'
import { preconditionFailed } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { markProjectDeletionRequested } from '../../repositories/projects.js'
import { TASKS_QUEUE, type TaskJob } from '../../workflows/tasks.js'

/**
 * `projects.deleteProject`: 412 while delete protection is on; otherwise marks the project
 * (from then on it is not found) and records the deletion task in the same transaction, 202. The
 * task deletes its apps with everything they own, then the project.
 */
export const deleteProject =
  (deps: Deps): ServiceHandler<'projects.deleteProject'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    await deps.db.transaction(async (tx) => {
      const project = await projectOf(tx, caller, body.project, { forUpdate: true })
      if (project.deleteProtection) {
        throw preconditionFailed(
          `The project ${project.slug} has delete protection enabled; turn it off with projects.updateProject first.`,
        )
      }
      await markProjectDeletionRequested(tx, project.id, deps.now())
      const job: TaskJob = { kind: 'delete_project', projectId: project.id }
      await deps.queue.enqueue(tx, TASKS_QUEUE, job, { dedupeKey: `delete_project:${project.id}` })
    })
    return c.json({ meta: { requestId: c.get('requestId') }, data: {} }, 202)
  }
