import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { newNamespace } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.setOverride 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('sets an override, and replaces it under the same id', async () => {
    const namespace = await newNamespace(t)
    const set = (limit: number) =>
      call(t, 'ratelimit.setOverride', { namespace, identifier: 'org_acme', limit, duration: 60_000 })
    const first = await set(500)
    expect(first.response.status).toBe(200)
    const replaced = await set(50)
    expect(replaced.response.status).toBe(200)
    expect(replaced.data?.data).toEqual(first.data?.data)
    const got = await call(t, 'ratelimit.getOverride', { namespace, identifier: 'org_acme' })
    expect(got.data?.data).toMatchObject({ limit: 50 })
  })

  it('accepts a prefix override, which then applies to matching identifiers', async () => {
    const namespace = await newNamespace(t)
    expect(
      (await call(t, 'ratelimit.setOverride', { namespace, identifier: 'org_*', limit: 0, duration: 60_000 }))
        .response.status,
    ).toBe(200)
    const limited = await call(t, 'ratelimit.limit', {
      namespace,
      identifier: 'org_globex',
      limit: 100,
      duration: 60_000,
    })
    expect(limited.data?.data).toMatchObject({ success: false, limit: 0 })
  })
})
