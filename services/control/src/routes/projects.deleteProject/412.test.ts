import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.deleteProject 412 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 412 while delete protection is on; deletes once it is turned off', async () => {
    const { id } = await newProject(t)
    await call(t, 'projects.updateProject', { project: id, deleteProtection: true })
    const refused = await call(t, 'projects.deleteProject', { project: id })
    expect(refused.status).toBe(412)
    expect((refused.error as { error: { detail: string } }).error.detail).toContain('delete protection')
    expect((await call(t, 'projects.getProject', { project: id })).status).toBe(200)
    await call(t, 'projects.updateProject', { project: id, deleteProtection: false })
    expect((await call(t, 'projects.deleteProject', { project: id })).status).toBe(202)
  })
})
