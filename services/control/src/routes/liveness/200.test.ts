import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService, validator } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('liveness 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers POST without a credential', async () => {
    const { data, response } = await t.clientFor(undefined).raw.POST('/v2/liveness')
    expect(response.status).toBe(200)
    expect(data?.data).toEqual({ message: 'OK' })
  })

  it('ignores an invalid credential', async () => {
    const { response } = await t.clientFor('ck_not_a_key').raw.POST('/v2/liveness')
    expect(response.status).toBe(200)
  })

  it('also answers GET, as the public interface does (see DEVIATIONS.md)', async () => {
    const response = await fetch(`${t.service.url}/v2/liveness`)
    expect(response.status).toBe(200)
    const body = await response.json()
    // Same body as the documented POST.
    validator.assertValid({
      method: 'POST',
      path: '/v2/liveness',
      status: 200,
      contentType: 'application/json',
      body,
    })
  })
})
