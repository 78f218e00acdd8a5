import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.listDomains 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('rejects a foreign cursor and a missing environment', async () => {
    const fx = await t.fixture()
    const bad = await call(t, 'domains.listDomains', { ...production(fx), cursor: 'bm9wZQ' })
    expect(bad.status).toBe(400)
    expect(locationsOf(bad.error)).toEqual(['body.cursor'])
    const missing = await call(t, 'domains.listDomains', { project: fx.projectId, app: fx.appId })
    expect(missing.status).toBe(400)
    expect(locationsOf(missing.error)).toContain('body.environment')
  })
})
