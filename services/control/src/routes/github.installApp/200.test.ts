import { sha256, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('github.installApp 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('returns a short-lived install URL and records the pending installation', async () => {
    const before = Date.now()
    const { data, response } = await t.client.raw.POST('/v2/github.installApp', {})
    expect(response.status).toBe(200)
    const url = new URL(data?.data.url ?? '')
    expect(url.host).toBe('github.com')
    const state = url.searchParams.get('state') ?? ''
    expect(data?.data.expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000)
    const rows = await t.service.db.query<{ workspace_id: string; status: string }>(
      'SELECT workspace_id, status FROM github_installations WHERE state_hash = $1',
      [sha256(state)],
    )
    expect(rows).toEqual([{ workspace_id: 'ws_local', status: 'pending' }])
  })
})
