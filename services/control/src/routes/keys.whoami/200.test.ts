import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { newKey, ok } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.whoami 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  it('returns the key behind a secret without spending credits or recording a verification', async () => {
    const { key, keyId } = await newKey(t, { name: 'me', credits: { remaining: 1 } })
    const data = await ok<{ keyId: string; credits: { remaining: number } }>(t, 'keys.whoami', { key })
    expect(data).toMatchObject({ keyId, name: 'me', credits: { remaining: 1 } })
    // Analytics rows are written in batches (AnalyticsBuffer): write them before reading the table.
    await t.service.deps.analytics?.flush()
    const rows = await t.service.db.query('SELECT 1 FROM key_verifications WHERE key_id = $1', [keyId])
    expect(rows).toHaveLength(0)
  })
})
