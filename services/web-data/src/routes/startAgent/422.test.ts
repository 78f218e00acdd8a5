import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { INVALID_SCHEMA, INVALID_SCHEMA_MESSAGE, UNREACHABLE } from '../../testing/requests.js'

describe.each(testDatabaseKinds())('POST /v2/agent → 422 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('answers 422 for an extraction schema that is not valid JSON Schema, and charges nothing', async () => {
    const before = await t.client.GET('/v2/team/credit-usage')
    const { error, response } = await t.client.POST('/v2/agent', {
      body: { prompt: 'the price', urls: [UNREACHABLE], schema: INVALID_SCHEMA } as never,
    })
    expect(response.status).toBe(422)
    expect(error).toMatchObject({ success: false, error: expect.stringMatching(INVALID_SCHEMA_MESSAGE) })
    const after = await t.client.GET('/v2/team/credit-usage')
    expect(after.data?.data?.remainingCredits).toBe(before.data?.data?.remainingCredits)
  })
})
