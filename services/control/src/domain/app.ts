import type { EnvironmentSettings } from './environment-settings.js'
import { ApiError } from './errors.js'

export interface AppRecord {
  id: string
  workspaceId: string
  projectId: string
  slug: string
  name: string
  gitRepository: string | null
  gitDefaultBranch: string | null
  currentDeploymentId: string | null
  isRolledBack: boolean
  deleteProtection: boolean
  createdAt: number
  updatedAt: number | null
  /** Set once `apps.deleteApp` was accepted; the app disappears when the deletion workflow ends. */
  deletionRequestedAt: number | null
}

export interface EnvironmentRecord {
  id: string
  workspaceId: string
  projectId: string
  appId: string
  slug: string
  kind: 'production' | 'preview'
  description: string
  deleteProtection: boolean
  createdAt: number
  updatedAt: number | null
  /** Build and runtime settings (the defaults until `environments.updateSettings` changes them). */
  settings: EnvironmentSettings
}

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
