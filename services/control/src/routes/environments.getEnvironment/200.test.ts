import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('environments.getEnvironment 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('returns an environment by slug or id', async () => {
    const bySlug = await t.client.environments.getEnvironment({
      project: 'demo',
      app: 'checkout-api',
      environment: 'production',
    })
    expect(bySlug).toMatchObject({ id: 'env_checkout_production', kind: 'production', slug: 'production' })
    const byId = await t.client.environments.getEnvironment({
      project: 'prj_demo',
      app: 'app_checkout',
      environment: 'env_checkout_preview',
    })
    expect(byId.kind).toBe('preview')
  })
})
