import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.getOverride 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('returns the override of the exact identifier', async () => {
    const { namespace, overrideId } = await withOverride(t, 'org_acme', 50)
    const { response, data } = await call(t, 'ratelimit.getOverride', { namespace, identifier: 'org_acme' })
    expect(response.status).toBe(200)
    expect(data?.data).toEqual({ overrideId, identifier: 'org_acme', limit: 50, duration: 60_000 })
  })
})
