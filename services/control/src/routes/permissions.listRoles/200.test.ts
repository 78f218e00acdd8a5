import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, foreignRootKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.listRoles 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('pages through the roles of the workspace only, with their permissions', async () => {
    const foreign = await foreignRootKey(t)
    const tag = unique('lr').toLowerCase()
    await ok(t, 'permissions.createPermission', { name: 'p', slug: `${tag}.p` }, foreign)
    for (const i of [1, 2, 3])
      await ok(t, 'permissions.createRole', { name: `${tag}_${i}`, permissions: [`${tag}.p`] }, foreign)
    expect(await ok(t, 'permissions.listRoles', { search: tag })).toEqual([])
    const first = await call(t, 'permissions.listRoles', { search: tag, limit: 2 }, foreign)
    const roles = first.data?.data as Array<{ name: string; permissions: Array<{ slug: string }> }>
    expect(roles.map((r) => r.name)).toEqual([`${tag}_1`, `${tag}_2`])
    expect(roles[0]?.permissions.map((p) => p.slug)).toEqual([`${tag}.p`])
    expect(first.data?.pagination?.hasMore).toBe(true)
  })
})
