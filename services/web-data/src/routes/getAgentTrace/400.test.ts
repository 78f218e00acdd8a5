import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/trace → 400 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a jobId that is not a UUID', async () => {
    const { error, response } = await t.client.GET('/v2/agent/{jobId}/trace', {
      params: { path: { jobId: 'abc' } },
    })
    expect(response.status).toBe(400)
    expect(error).toMatchObject({
      error: 'Invalid job ID format. Job ID must be a valid UUID.',
    })
  })
})
