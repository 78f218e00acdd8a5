/**
 * `permissions.listRoles` documents 404, but listing the caller's own workspace names no
 * resource that could be missing (see README, "Statuses that cannot happen"). The one input that
 * refers to something is the cursor: a page whose last role was deleted meanwhile still continues
 * (the cursor is a position, not a reference), so this operation answers 200 where another would 404.
 */
import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('permissions.listRoles 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('never answers 404: a cursor past a deleted role still continues the list', async () => {
    const ws = await t.workspace()
    const key = await t.key(['rbac.*.read_role', 'rbac.*.create_role', 'rbac.*.delete_role'], {
      workspaceId: ws,
    })
    const names = [unique('role_a'), unique('role_b'), unique('role_c')]
    for (const name of names) await ok(t, 'permissions.createRole', { name }, key)
    const first = await call(t, 'permissions.listRoles', { limit: 1 }, key)
    const cursor = first.data?.pagination?.cursor
    expect(cursor).toBeDefined()
    await ok(t, 'permissions.deleteRole', { role: names[0] }, key)
    const next = await call(t, 'permissions.listRoles', { limit: 10, cursor }, key)
    expect(next.response.status).toBe(200)
    expect(((next.data?.data ?? []) as Array<{ name: string }>).map((r) => r.name)).toEqual(names.slice(1))
  })
})
