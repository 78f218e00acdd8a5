import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('analytics.getVerifications 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  const run = (query: unknown) =>
    t.client.raw.POST('/v2/analytics.getVerifications', { body: { query } as never })

  it.each([
    'SELEC 1',
    'SELECT FROM WHERE',
    'SELECT no_such_column FROM key_verifications',
    "SELECT count(*) FROM key_verifications WHERE time > 'not a time'",
    // A data-modifying CTE is not even SQL this endpoint parses.
    'WITH d AS (DELETE FROM key_verifications RETURNING *) SELECT * FROM d',
  ])('answers 400 with errors[] at body.query for %s', async (query) => {
    const { response, error } = await run(query)
    expect(response.status).toBe(400)
    expect(locationsOf(error)).toEqual(['body.query'])
  })

  it('answers 400 for a missing or non-string query', async () => {
    expect((await run(undefined)).response.status).toBe(400)
    expect(locationsOf((await run(42)).error)).toEqual(['body.query'])
  })
})
