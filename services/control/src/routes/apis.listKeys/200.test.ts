import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, newApi, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('apis.listKeys 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('pages through the keys, filters by externalId and decrypts recoverable keys', async () => {
    const apiId = await newApi(t)
    const externalId = unique('owner')
    const created = []
    for (let i = 0; i < 3; i++) {
      created.push(
        await ok<{ keyId: string; key: string }>(t, 'keys.createKey', {
          apiId,
          recoverable: true,
          ...(i === 0 ? { externalId } : {}),
        }),
      )
    }
    const first = await call(t, 'apis.listKeys', { apiId, limit: 2 })
    expect(((first.data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toEqual([
      created[0]?.keyId,
      created[1]?.keyId,
    ])
    expect(first.data?.pagination?.hasMore).toBe(true)
    const second = await call(t, 'apis.listKeys', { apiId, limit: 2, cursor: first.data?.pagination?.cursor })
    expect(((second.data?.data ?? []) as Array<{ keyId: string }>).map((k) => k.keyId)).toEqual([
      created[2]?.keyId,
    ])
    expect(second.data?.pagination).toEqual({ hasMore: false })
    const mine = await ok<Array<{ keyId: string; plaintext?: string }>>(t, 'apis.listKeys', {
      apiId,
      externalId,
      decrypt: true,
    })
    expect(mine).toHaveLength(1)
    expect(mine[0]?.plaintext).toBe(created[0]?.key)
    const plain = await ok<Array<{ plaintext?: string }>>(t, 'apis.listKeys', { apiId })
    expect(plain.every((k) => k.plaintext === undefined)).toBe(true)
  })
})
