import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.getDomain 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without read_domain on its environment', async () => {
    const fx = await t.fixture()
    const { domain } = await addDomain(t, fx)
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_domain`])
    expect((await call(t, 'domains.getDomain', { domain }, key)).status).toBe(403)
  })
})
