import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { portalToken } from '../../testing/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.listKeys 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([
    [{ limit: 0 }, 'body.limit'],
    [{ limit: 101 }, 'body.limit'],
    [{ cursor: 'not-a-cursor' }, 'body.cursor'],
    [{ apiId: 'api_1234' }, 'body.apiId'],
  ])('rejects %j', async (body, location) => {
    const { token } = await portalToken(t, { scopes: ['keys:read'] })
    const { response, error } = await call(t, 'portal.listKeys', body, token)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
