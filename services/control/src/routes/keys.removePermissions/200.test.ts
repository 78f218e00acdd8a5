import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok, unique } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.removePermissions 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('removes direct permissions and ignores slugs the key does not hold', async () => {
    const p = unique('perm')
    const { keyId, key } = await newKey(t, { permissions: [`${p}.a`, `${p}.b`] })
    const data = await ok<Array<{ slug: string }>>(t, 'keys.removePermissions', {
      keyId,
      permissions: [`${p}.a`, 'never.held'],
    })
    expect(data.map((x) => x.slug)).toEqual([`${p}.b`])
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${p}.a` })).code).toBe(
      'INSUFFICIENT_PERMISSIONS',
    )
  })

  it('removes permissions named by their id as well as by their slug', async () => {
    const p = unique('perm')
    const { keyId, key } = await newKey(t)
    const held = await ok<Array<{ id: string; slug: string }>>(t, 'keys.addPermissions', {
      keyId,
      permissions: [`${p}.a`, `${p}.b`, `${p}.c`],
    })
    const idOf = (slug: string) => held.find((x) => x.slug === slug)?.id as string
    const data = await ok<Array<{ slug: string }>>(t, 'keys.removePermissions', {
      keyId,
      permissions: [idOf(`${p}.a`), `${p}.b`],
    })
    expect(data.map((x) => x.slug)).toEqual([`${p}.c`])
    expect((await ok<{ code: string }>(t, 'keys.verifyKey', { key, permissions: `${p}.a` })).code).toBe(
      'INSUFFICIENT_PERMISSIONS',
    )
  })
})
