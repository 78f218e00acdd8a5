import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 402 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

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
