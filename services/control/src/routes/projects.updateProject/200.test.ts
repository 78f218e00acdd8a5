import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.updateProject 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('changes the fields given and returns the project; the new slug names it, the old one no more', async () => {
    const { id, slug } = await newProject(t)
    const renamed = await call(t, 'projects.updateProject', {
      project: slug,
      name: 'Renamed',
      slug: `${slug}-2`,
    })
    expect(renamed.status).toBe(200)
    expect((renamed.data as { data: unknown }).data).toEqual({
      id,
      name: 'Renamed',
      slug: `${slug}-2`,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
      deleteProtection: false,
    })
    expect((await call(t, 'projects.getProject', { project: slug })).status).toBe(404)
    const protectedOnly = await call(t, 'projects.updateProject', { project: id, deleteProtection: true })
    expect((protectedOnly.data as { data: unknown }).data).toMatchObject({
      name: 'Renamed',
      deleteProtection: true,
    })
  })
})
