import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useService } from '../../../test/harness.js'
import { call } from '../../../test/keys-fixtures.js'
import { portalToken } from '../../../test/portal-fixtures.js'

describe.each(testDatabaseKinds())('portal.listKeys 400 (%s)', (kind) => {
  const t = useService(kind)
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
