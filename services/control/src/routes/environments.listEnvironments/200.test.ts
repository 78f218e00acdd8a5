import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('environments.listEnvironments 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('lists production and preview, exactly one production', async () => {
    const list = await t.client.environments.listEnvironments({ project: 'demo', app: 'checkout-api' })
    expect(list.map((e) => [e.slug, e.kind])).toEqual([
      ['production', 'production'],
      ['preview', 'preview'],
    ])
  })
})
