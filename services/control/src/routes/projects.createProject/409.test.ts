import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.createProject 409 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 409 when a project of the workspace holds the slug', async () => {
    const { slug } = await newProject(t)
    const answer = await call(t, 'projects.createProject', { name: 'Again', slug })
    expect(answer.status).toBe(409)
    expect((answer.error as { error: { type: string } }).error.type).toMatch(/data\/project_already_exists$/)
  })

  it('answers one of two simultaneous creations with the same slug 409', async () => {
    const body = { name: 'Race', slug: 'race-project' }
    const answers = await Promise.all([1, 2].map(() => call(t, 'projects.createProject', body)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })
})
