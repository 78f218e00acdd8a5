import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.createApp 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([
    ['a missing name', { project: 'demo', slug: 'x-app' }, 'body.name'],
    ['an invalid slug', { project: 'demo', name: 'X', slug: 'no spaces' }, 'body.slug'],
    ['git without repository', { project: 'demo', name: 'X', slug: 'x-app', git: {} }, 'body.git.repository'],
    ['an unknown property', { project: 'demo', name: 'X', slug: 'x-app', region: 'eu' }, 'body.region'],
  ])('rejects %s', async (_label, body, location) => {
    const answer = await call(t, 'apps.createApp', body)
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error)).toContain(location)
  })
})
