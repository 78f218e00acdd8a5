import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 402 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('refuses a team without credits', async () => {
    const team = await t.newTeam(0)
    const { error, response } = await t.clientWith(team.key).POST('/v2/agent', { body: { prompt: 'x' } })
    expect(response.status).toBe(402)
    expect(error).toEqual({
      success: false,
      error: 'Payment Required: Insufficient credits',
    })
  })
})
