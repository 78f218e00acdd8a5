import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.getVerifications 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([
    [{ endTime: 1000 }, 'body.startTime'],
    [{ startTime: 1000 }, 'body.endTime'],
    [{ startTime: 'yesterday', endTime: 1000 }, 'body.startTime'],
    [{ startTime: 2000, endTime: 1000 }, 'body.endTime'],
    [{ startTime: 0, endTime: 91 * 86_400_000 }, 'body.endTime'],
    [{ startTime: 0, endTime: 1000, outcome: 'VALID' }, 'body.outcome'],
  ])('rejects %j', async (body, location) => {
    const { token } = await portalToken(t, { scopes: ['analytics:read'] })
    const { response, error } = await call(t, 'portal.getVerifications', body, token)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
