import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.deleteProject 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project, and for one whose deletion was accepted', async () => {
    expect((await call(t, 'projects.deleteProject', { project: 'no-such-project' })).status).toBe(404)
    const { id } = await newProject(t)
    expect((await call(t, 'projects.deleteProject', { project: id })).status).toBe(202)
    expect((await call(t, 'projects.deleteProject', { project: id })).status).toBe(404)
  })
})
