import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { addDomain, call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('domains.listDomains 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('pages through the domains of an environment and searches them', async () => {
    const fx = await t.fixture()
    const added = []
    for (let i = 0; i < 3; i++) added.push((await addDomain(t, fx)).domain)
    const first = await call(t, 'domains.listDomains', { ...production(fx), limit: 2 })
    expect(first.status).toBe(200)
    expect(first.data.pagination.hasMore).toBe(true)
    const second = await call(t, 'domains.listDomains', {
      ...production(fx),
      limit: 2,
      cursor: first.data.pagination.cursor,
    })
    expect(second.data.pagination).toEqual({ hasMore: false })
    expect([...first.data.data, ...second.data.data].map((d: { domain: string }) => d.domain)).toEqual(added)
    const found = await call(t, 'domains.listDomains', { ...production(fx), search: added[1]?.slice(0, 12) })
    expect(found.data.data.map((d: { domain: string }) => d.domain)).toEqual([added[1]])
    const preview = await call(t, 'domains.listDomains', { ...production(fx), environment: 'preview' })
    expect(preview.data.data).toEqual([])
  })
})
