import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newApi, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.createApi 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('creates an API that getApi returns', async () => {
    const created = await ok<{ apiId: string }>(t, 'apis.createApi', { name: 'payments-api' })
    expect(created.apiId).toMatch(/^api_/)
    expect(await ok(t, 'apis.getApi', { apiId: created.apiId })).toEqual({
      id: created.apiId,
      name: 'payments-api',
    })
    expect(await newApi(t)).not.toBe(created.apiId)
  })
})
