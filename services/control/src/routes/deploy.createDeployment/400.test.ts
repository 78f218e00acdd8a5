import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('deploy.createDeployment 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const base = { project: 'demo', app: 'checkout-api', environmentSlug: 'production', branch: 'main' }

  it.each([
    ['a missing dockerImage', base, 'body.dockerImage'],
    ['an empty branch', { ...base, branch: '', dockerImage: 'x' }, 'body.branch'],
    [
      'an unknown property (closed here, see DEVIATIONS.md)',
      { ...base, dockerImage: 'x', git: {} },
      'body.git',
    ],
  ])('rejects %s', async (_label, body, location) => {
    const answer = await call(t, 'deploy.createDeployment', body)
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error)).toContain(location)
  })
})
