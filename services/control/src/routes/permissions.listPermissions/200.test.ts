import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.listPermissions 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('pages through the permissions of the workspace only, with search', async () => {
    const foreign = await foreignRootKey(t)
    const tag = unique('lp').toLowerCase()
    for (const i of [1, 2, 3])
      await ok(t, 'permissions.createPermission', { name: `n${i}`, slug: `${tag}.${i}` }, foreign)
    expect(await ok(t, 'permissions.listPermissions', { search: tag })).toEqual([])
    const first = await call(t, 'permissions.listPermissions', { search: tag, limit: 2 }, foreign)
    expect(((first.data?.data ?? []) as Array<{ slug: string }>).map((p) => p.slug)).toEqual([
      `${tag}.1`,
      `${tag}.2`,
    ])
    const second = await call(
      t,
      'permissions.listPermissions',
      { search: tag, cursor: first.data?.pagination?.cursor },
      foreign,
    )
    expect(((second.data?.data ?? []) as Array<{ slug: string }>).map((p) => p.slug)).toEqual([`${tag}.3`])
  })
})
