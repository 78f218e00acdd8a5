import { appOf } from '../../access/environment.js'
import type { Deps } from '../../deps.js'
import { slugConflict, toApiApp } from '../../domain/app.js'
import { invalidInput, notFound } from '../../domain/errors.js'
import { callerOf, type ServiceHandler } from '../../http/env.js'
import { findAppById, saveApp, slugTaken } from '../../repositories/apps.js'
import { isUniqueViolation } from '../../repositories/rows.js'

/**
 * `apps.updateApp`: changes name, slug, repository or delete protection; omitted fields stay.
 * `git: null` disconnects the repository; `git: {…}` changes the given fields of the connection
 * (connecting an app that has none needs `repository`).
 */
export const updateApp =
  (deps: Deps): ServiceHandler<'apps.updateApp'> =>
  async (c) => {
    const caller = callerOf(c)
    const body = c.req.valid('json')
    const found = await appOf(deps, caller, body)
    const project = body.project
    let updated: Awaited<ReturnType<typeof findAppById>>
    try {
      updated = await deps.db.transaction(async (tx) => {
        const app = await findAppById(tx, found.id, { forUpdate: true })
        // A concurrent apps.deleteApp removed it since it was looked up.
        if (!app) throw notFound('app', `The app ${body.app} does not exist in project ${project}.`)
        const next = { ...app }
        if (body.name !== undefined) next.name = body.name
        if (body.slug !== undefined && body.slug !== app.slug) {
          if (await slugTaken(tx, app.projectId, body.slug, app.id)) throw slugConflict(body.slug, project)
          next.slug = body.slug
        }
        if (body.git === null) {
          next.gitRepository = null
          next.gitDefaultBranch = null
        } else if (body.git !== undefined) {
          const repository = body.git.repository ?? app.gitRepository
          if (!repository) {
            throw invalidInput('The app has no repository yet: give git.repository to connect one.', {
              location: 'body.git.repository',
              message: 'Required when the app has no connected repository',
              fix: 'Send git.repository, e.g. "acme/checkout-api".',
            })
          }
          next.gitRepository = repository
          next.gitDefaultBranch = body.git.defaultBranch ?? app.gitDefaultBranch ?? 'main'
        }
        if (body.deleteProtection !== undefined) next.deleteProtection = body.deleteProtection
        await saveApp(tx, next, deps.now())
        return findAppById(tx, found.id)
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw slugConflict(body.slug ?? '', project)
      throw error
    }
    if (!updated) throw new Error(`app ${found.id} was not found right after its update`)
    return c.json({ meta: { requestId: c.get('requestId') }, data: toApiApp(updated) }, 200)
  }
