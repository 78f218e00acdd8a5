import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.deleteOverride 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('deletes the override: it is gone and no longer applies', async () => {
    const { namespace, identifier } = await withOverride(t, 'org_acme', 0)
    const limited = { namespace, identifier, limit: 5, duration: 60_000 }
    expect((await call(t, 'ratelimit.limit', limited)).data?.data).toMatchObject({ success: false })
    const { response, data } = await call(t, 'ratelimit.deleteOverride', { namespace, identifier })
    expect(response.status).toBe(200)
    expect(data?.data).toEqual({})
    expect((await call(t, 'ratelimit.getOverride', { namespace, identifier })).response.status).toBe(404)
    expect((await call(t, 'ratelimit.limit', limited)).data?.data).toMatchObject({ success: true })
  })
})
