import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.createProject 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    [{ name: 'No slug' }, 'body.slug'],
    [{ name: '', slug: 'empty-name' }, 'body.name'],
    [{ name: 'Bad slug', slug: 'has spaces' }, 'body.slug'],
    [{ name: 'Extra', slug: 'extra', owner: 'x' }, 'body.owner'],
  ])('answers 400 for %j', async (body, location) => {
    const answer = await call(t, 'projects.createProject', body)
    expect(answer.status).toBe(400)
    const errors = (answer.error as { error: { errors: Array<{ location: string }> } }).error.errors
    expect(errors.map((e) => e.location)).toContain(location)
  })
})
