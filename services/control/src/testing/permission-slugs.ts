/** The shared check of the key operations that link permissions named by slug (access/permission-slugs.ts). */
import { expect } from 'vitest'
import type { TestService } from './harness.js'
import { call, newKey, ok, unique } from './keys-fixtures.js'

/**
 * `operationId` (keys.addPermissions or keys.setPermissions), called by a root key holding only
 * `held`, refuses a permission that does not exist (403 naming rbac.*.create_permission) and changes
 * nothing, and still links an existing one.
 */
export async function expectMissingPermissionRefused(
  t: TestService,
  operationId: string,
  held: string[],
): Promise<void> {
  const existing = `${unique('p')}.read`
  const { keyId } = await newKey(t, { permissions: [existing] })
  const missing = `${unique('p')}.write`
  const key = await t.key(held)
  const { response, error } = await call(t, operationId, { keyId, permissions: [missing] }, key)
  expect(response.status).toBe(403)
  expect(error?.error.detail).toContain('rbac.*.create_permission')
  expect((await ok<{ permissions: string[] }>(t, 'keys.getKey', { keyId })).permissions).toEqual([existing])
  expect((await call(t, 'permissions.getPermission', { permission: missing })).response.status).toBe(404)
  // Existing permissions need no more than the operation's own permission.
  const data = await ok<Array<{ slug: string }>>(t, operationId, { keyId, permissions: [existing] }, key)
  expect(data.map((p) => p.slug)).toEqual([existing])
}
