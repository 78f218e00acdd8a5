import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService, validator } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('liveness 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers GET without a credential, as documented', async () => {
    const { data, response } = await t.clientFor(undefined).raw.GET('/v2/liveness')
    expect(response.status).toBe(200)
    expect(data?.data).toEqual({ message: 'OK' })
  })

  it('ignores an invalid credential', async () => {
    const { response } = await t.clientFor('ck_not_a_key').raw.GET('/v2/liveness')
    expect(response.status).toBe(200)
  })

  it('our client calls it with GET', async () => {
    expect(await t.clientFor(undefined).liveness()).toEqual({ message: 'OK' })
  })

  it('still answers POST, for clients of earlier versions of the spec', async () => {
    const response = await fetch(`${t.service.url}/v2/liveness`, { method: 'POST' })
    expect(response.status).toBe(200)
    // Same body as the documented GET.
    validator.assertValid({
      method: 'GET',
      path: '/v2/liveness',
      status: 200,
      contentType: 'application/json',
      body: await response.json(),
    })
  })
})
