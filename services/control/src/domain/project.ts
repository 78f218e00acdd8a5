import { ApiError } from './errors.js'

export interface ProjectRecord {
  id: string
  workspaceId: string
  slug: string
  name: string
  createdAt: number
  updatedAt: number | null
  deleteProtection: boolean
}

/** A project as the API returns it (`updatedAt` only once it has changed). */
export function toApiProject(p: ProjectRecord) {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    createdAt: p.createdAt,
    ...(p.updatedAt !== null ? { updatedAt: p.updatedAt } : {}),
    deleteProtection: p.deleteProtection,
  }
}

export const projectSlugConflict = (slug: string) =>
  new ApiError(409, 'data/project_already_exists', `A project with the slug ${slug} already exists.`)
