import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.getProject 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('returns the seeded project by slug and by id', async () => {
    const bySlug = await call(t, 'projects.getProject', { project: 'demo' })
    expect(bySlug.status).toBe(200)
    const project = (bySlug.data as { data: { id: string; slug: string } }).data
    expect(project).toMatchObject({ id: 'prj_demo', slug: 'demo', deleteProtection: false })
    expect((await call(t, 'projects.getProject', { project: 'prj_demo' })).data).toEqual(
      bySlug.data && {
        ...bySlug.data,
        meta: expect.anything(),
      },
    )
  })
})
