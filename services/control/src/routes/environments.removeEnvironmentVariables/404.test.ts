import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project', async () => {
    const answer = await call(t, 'environments.removeEnvironmentVariables', {
      project: 'prj_missing',
      app: 'checkout-api',
      environment: 'production',
      variables: ['A'],
    })
    expect(answer.status).toBe(404)
  })
})
