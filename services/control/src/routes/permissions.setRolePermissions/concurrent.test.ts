import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { ok, unique } from '../../testing/keys-fixtures.js'
import { call } from '../../testing/platform.js'

const PARALLEL = 20

describe.each(testDatabaseKinds())(
  `${PARALLEL} concurrent permissions.setRolePermissions of one role (%s)`,
  (kind) => {
    const t = useTestService({ kind })

    it('each replaces the set whole: all answer 200 and the role ends with that set', async () => {
      const tag = unique('srpc')
      await ok(t, 'permissions.createPermission', { name: 'a', slug: `${tag}.a` })
      await ok(t, 'permissions.createPermission', { name: 'b', slug: `${tag}.b` })
      const { roleId } = await ok<{ roleId: string }>(t, 'permissions.createRole', { name: tag })
      const body = { roleId, permissions: [`${tag}.a`, `${tag}.b`] }
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => call(t, 'permissions.setRolePermissions', body)),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200))
      const role = await ok<{ permissions: Array<{ slug: string }> }>(t, 'permissions.getRole', {
        role: roleId,
      })
      expect(role.permissions.map((p) => p.slug).sort()).toEqual([`${tag}.a`, `${tag}.b`])
    })
  },
)
