import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.getApi 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('is granted by read_api on that API only', async () => {
    const apiId = await newApi(t)
    const key = await t.key([`api.${apiId}.read_api`])
    const { response, data } = await call(t, 'apis.getApi', { apiId }, key)
    expect(response.status).toBe(200)
    expect(data?.data).toMatchObject({ id: apiId })
    const other = await newApi(t)
    expect((await call(t, 'apis.getApi', { apiId: other }, key)).response.status).toBe(403)
  })
})
