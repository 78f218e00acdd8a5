import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.createProject 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('creates an empty project, found by its id and its slug', async () => {
    const created = await call(t, 'projects.createProject', { name: 'Payments', slug: 'payments-200' })
    expect(created.status).toBe(200)
    const { id } = (created.data as { data: { id: string } }).data
    expect(id).toMatch(/^prj_/)
    for (const project of [id, 'payments-200']) {
      const got = await call(t, 'projects.getProject', { project })
      expect((got.data as { data: unknown }).data).toEqual({
        id,
        name: 'Payments',
        slug: 'payments-200',
        createdAt: expect.any(Number),
        deleteProtection: false,
      })
    }
    expect((await call(t, 'apps.listApps', { project: id })).status).toBe(200)
  })
})
