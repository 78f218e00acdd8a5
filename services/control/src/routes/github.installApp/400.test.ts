import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, ROOT_KEY, useTestService, validator } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('github.installApp 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  // The operation takes no request body, so the generated client cannot send one: these go
  // through fetch, and the answer through the same validator.
  const post = async (body: string) => {
    const response = await fetch(`${t.service.url}/v2/github.installApp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
      body,
    })
    const answer = await response.json()
    validator.assertValid({
      method: 'POST',
      path: '/v2/github.installApp',
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: answer,
    })
    return { status: response.status, answer }
  }

  it.each([
    ['malformed JSON', '{"account":', ['body']],
    ['a property', '{"account":"acme"}', ['body.account']],
    ['an array', '[1]', ['body']],
  ])('answers 400 to %s', async (_label, body, locations) => {
    const { status, answer } = await post(body)
    expect(status).toBe(400)
    expect(locationsOf(answer)).toEqual(locations)
  })

  it('accepts an empty object', async () => {
    expect((await post('{}')).status).toBe(200)
  })
})
