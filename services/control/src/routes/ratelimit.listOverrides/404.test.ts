import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useService } from '../../../test/harness.js'
import { call, foreignRootKey } from '../../../test/keys-fixtures.js'
import { newNamespace } from '../../../test/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 404 (%s)', (kind) => {
  const t = useService(kind)

  it('answers 404 for an unknown namespace and for one of another workspace', async () => {
    const missing = await call(t, 'ratelimit.listOverrides', { namespace: `missing_${randomToken(6)}` })
    expect(missing.response.status).toBe(404)
    const namespace = await newNamespace(t)
    const foreign = await foreignRootKey(t)
    const other = await call(t, 'ratelimit.listOverrides', { namespace }, foreign)
    expect(other.response.status).toBe(404)
  })
})
