import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.listDomains 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown app', async () => {
    const fx = await t.fixture()
    expect((await call(t, 'domains.listDomains', { ...production(fx), app: 'app_missing' })).status).toBe(404)
  })
})
