import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/lifecycle.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('GET /v2/agent → 400 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it('refuses a negative `before`', async () => {
    expectBadRequest(
      await t.client.GET('/v2/agent', { params: { query: { before: -1 } } }),
      'query',
      'before',
    )
  })

  it('refuses a `before` past the last representable time instead of failing', async () => {
    const response = await fetch(`${t.url}/v2/agent?before=99999999999999999999`, {
      headers: { authorization: `Bearer ${t.apiKey}` },
    })
    expectBadRequest({ response, error: await response.json() }, 'query', 'before')
  })
})
