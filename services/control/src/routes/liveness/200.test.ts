import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

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
})
