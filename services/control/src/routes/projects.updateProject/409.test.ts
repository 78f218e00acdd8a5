import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.updateProject 409 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 409 for a slug another project holds, and changes nothing', async () => {
    const a = await newProject(t)
    const b = await newProject(t)
    const answer = await call(t, 'projects.updateProject', { project: a.id, slug: b.slug, name: 'Taken' })
    expect(answer.status).toBe(409)
    const still = await call(t, 'projects.getProject', { project: a.id })
    expect((still.data as { data: unknown }).data).toMatchObject({ slug: a.slug, name: `Project ${a.slug}` })
  })

  it('accepts the slug the project already has', async () => {
    const a = await newProject(t)
    expect((await call(t, 'projects.updateProject', { project: a.id, slug: a.slug })).status).toBe(200)
  })
})
