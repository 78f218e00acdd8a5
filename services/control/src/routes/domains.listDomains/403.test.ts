import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.listDomains 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 403 without read_domain on the environment', async () => {
    const fx = await t.fixture()
    const key = await t.key(['environment.*.create_domain'])
    expect((await call(t, 'domains.listDomains', production(fx), key)).status).toBe(403)
  })
})
