import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('portal.exchangeCode 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([
    [{}, 'body.code'],
    [{ code: '' }, 'body.code'],
    [{ code: 42 }, 'body.code'],
    [{ code: 'pc_x', extra: true }, 'body.extra'],
  ])('rejects %j', async (body, location) => {
    const { response, error } = await call(t, 'portal.exchangeCode', body, null)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toContain(location)
  })
})
