import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newApi } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.deleteApi 412 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('answers 412 while delete protection is on', async () => {
    const apiId = await newApi(t)
    await t.service.db.query('UPDATE apis SET delete_protection = true WHERE id = $1', [apiId])
    const { response, error } = await call(t, 'apis.deleteApi', { apiId })
    expect(response.status).toBe(412)
    expect(error?.error.detail).toContain('delete protection')
    expect((await call(t, 'apis.getApi', { apiId })).response.status).toBe(200)
  })
})
