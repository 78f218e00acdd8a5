import { randomToken } from '@apiplatform/server-kit'
import type { TestService } from './harness.js'
import { call } from './platform.js'

/** A new project of the seeded workspace, with a slug no other test uses. */
export async function newProject(t: TestService): Promise<{ id: string; slug: string }> {
  const slug = `proj-${randomToken(8).toLowerCase()}`
  const created = await call(t, 'projects.createProject', { name: `Project ${slug}`, slug })
  if (created.status !== 200) throw new Error(`createProject answered ${created.status}`)
  return { id: (created.data as { data: { id: string } }).data.id, slug }
}
