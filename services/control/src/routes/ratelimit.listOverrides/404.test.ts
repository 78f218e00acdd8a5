import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { newNamespace } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown namespace and for one of another workspace', async () => {
    const missing = await call(t, 'ratelimit.listOverrides', { namespace: `missing_${randomToken(6)}` })
    expect(missing.response.status).toBe(404)
    const namespace = await newNamespace(t)
    // A key of another workspace that may read overrides in any namespace (of its own workspace).
    const foreign = await t.key(['ratelimit.*.read_override'], { workspaceId: await t.workspace() })
    const other = await call(t, 'ratelimit.listOverrides', { namespace }, foreign)
    expect(other.response.status).toBe(404)
  })
})
