import type { AppRecord } from '../repositories/apps.js'
import type { EnvironmentRecord } from '../repositories/environments.js'
import { ApiError } from './errors.js'

/** The `App` schema of the API. `isRolledBack` is the rolled-back marking of a rollback. */
export function toApiApp(a: AppRecord) {
  return {
    id: a.id,
    name: a.name,
    slug: a.slug,
    ...(a.gitRepository
      ? {
          git: {
            repository: a.gitRepository,
            ...(a.gitDefaultBranch ? { defaultBranch: a.gitDefaultBranch } : {}),
          },
        }
      : {}),
    ...(a.currentDeploymentId ? { currentDeploymentId: a.currentDeploymentId } : {}),
    isRolledBack: a.isRolledBack,
    deleteProtection: a.deleteProtection,
    createdAt: a.createdAt,
    ...(a.updatedAt !== null ? { updatedAt: a.updatedAt } : {}),
  }
}

/** The `Environment` schema of the API, with its current build and runtime settings. */
export function toApiEnvironment(e: EnvironmentRecord) {
  return {
    id: e.id,
    slug: e.slug,
    description: e.description,
    kind: e.kind,
    deleteProtection: e.deleteProtection,
    createdAt: e.createdAt,
    ...(e.updatedAt !== null ? { updatedAt: e.updatedAt } : {}),
    runtime: e.settings.runtime,
    build: e.settings.build,
    regions: e.settings.regions,
  }
}

/** 409 of createApp and updateApp: the slug is taken in the project. */
export const slugConflict = (slug: string, project: string) =>
  new ApiError(
    409,
    'data/app_already_exists',
    `An app with the slug ${slug} already exists in project ${project}.`,
  )
