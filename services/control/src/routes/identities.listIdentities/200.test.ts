import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('identities.listIdentities 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('pages through the identities of the workspace only, with search', async () => {
    const foreign = await foreignRootKey(t)
    const tag = unique('srch').toLowerCase()
    for (const i of [1, 2, 3])
      await ok(t, 'identities.createIdentity', { externalId: `${tag}_${i}` }, foreign)
    expect(await ok(t, 'identities.listIdentities', { search: tag })).toEqual([])
    const first = await call(t, 'identities.listIdentities', { search: tag, limit: 2 }, foreign)
    expect(((first.data?.data ?? []) as Array<{ externalId: string }>).map((i) => i.externalId)).toEqual([
      `${tag}_1`,
      `${tag}_2`,
    ])
    const second = await call(
      t,
      'identities.listIdentities',
      { search: tag, limit: 2, cursor: first.data?.pagination?.cursor },
      foreign,
    )
    expect(((second.data?.data ?? []) as Array<{ externalId: string }>).map((i) => i.externalId)).toEqual([
      `${tag}_3`,
    ])
    expect(second.data?.pagination?.hasMore).toBe(false)
  })
})
