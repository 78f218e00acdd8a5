import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.getProject 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project', async () => {
    const answer = await call(t, 'projects.getProject', { project: 'no-such-project' })
    expect(answer.status).toBe(404)
    expect((answer.error as { error: { type: string } }).error.type).toMatch(/data\/project_not_found$/)
  })

  it('answers 404 as soon as its deletion is accepted', async () => {
    const { id } = await newProject(t)
    expect((await call(t, 'projects.deleteProject', { project: id })).status).toBe(202)
    expect((await call(t, 'projects.getProject', { project: id })).status).toBe(404)
    await eventually(
      async () => (await t.service.db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length === 0,
    )
  })
})
