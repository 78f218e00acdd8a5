import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestService, type TestService } from '../../testing/harness.js'
import { INVALID_SCHEMA, INVALID_SCHEMA_MESSAGE } from '../../testing/requests.js'

describe.each(testDatabaseKinds())('POST /v2/search → 422 (%s)', (kind) => {
  let t: TestService
  beforeAll(async () => {
    t = await startTestService({ kind, worker: false })
  })
  afterAll(async () => {
    await t?.stop()
  })

  it('answers 422 for an extraction schema that is not valid JSON Schema, and charges nothing', async () => {
    const before = await t.client.GET('/v2/team/credit-usage')
    const { error, response } = await t.client.POST('/v2/search', {
      body: {
        query: 'kettle',
        scrapeOptions: { formats: [{ type: 'json', schema: INVALID_SCHEMA }] },
      } as never,
    })
    expect(response.status).toBe(422)
    expect(error).toMatchObject({ success: false, error: expect.stringMatching(INVALID_SCHEMA_MESSAGE) })
    const after = await t.client.GET('/v2/team/credit-usage')
    expect(after.data?.data?.remainingCredits).toBe(before.data?.data?.remainingCredits)
  })
})
