import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call, ok } from '../../testing/keys-fixtures.js'
import { newNamespace } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.listOverrides 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('lists every override of the namespace, page by page with the cursor', async () => {
    const namespace = await newNamespace(t)
    const other = await newNamespace(t)
    for (const identifier of ['org_*', 'org_acme', 'user_1']) {
      await ok(t, 'ratelimit.setOverride', { namespace, identifier, limit: 7, duration: 60_000 })
    }
    await ok(t, 'ratelimit.setOverride', {
      namespace: other,
      identifier: 'elsewhere',
      limit: 1,
      duration: 1000,
    })
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 5; page++) {
      const { response, data } = await call(t, 'ratelimit.listOverrides', {
        namespace,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      })
      expect(response.status).toBe(200)
      const items = data?.data as Array<{ identifier: string }>
      expect(items.length).toBeLessThanOrEqual(2)
      seen.push(...items.map((o) => o.identifier))
      if (!data?.pagination?.hasMore) break
      cursor = data.pagination.cursor
    }
    expect(seen.sort()).toEqual(['org_*', 'org_acme', 'user_1'])
  })
})
