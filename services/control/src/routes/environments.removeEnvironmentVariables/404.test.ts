import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call } from '../../../test/platform.js'

describe.each(testDatabaseKinds())('environments.removeEnvironmentVariables 404 (%s)', (kind) => {
  const t = useService(kind)

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
