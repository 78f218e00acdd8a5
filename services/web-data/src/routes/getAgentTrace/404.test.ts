import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/trace → 404 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers Agent job not found for an unknown run', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/trace', {
      params: { path: { jobId: crypto.randomUUID() } },
    })
    expect(response.status).toBe(404)
    expect(error).toMatchObject({ error: 'Agent job not found' })
  })
})
