import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('deployments.listDeployments 200 (%s)', (kind) => {
  const t = useTestService({ kind })
  const list = (body: Parameters<typeof t.client.deployments.listDeployments>[0], key?: string) =>
    (key ? t.clientFor(key) : t.client).raw.POST('/v2/deployments.listDeployments', { body })

  it('lists newest first and filters by app, environment and status', async () => {
    const fx = await t.fixture()
    const { data } = await list({ app: fx.appId })
    const ids = data?.data.map((d) => d.id)
    expect(ids).toEqual([
      fx.preview,
      fx.shuttingDown,
      fx.building,
      fx.stopped,
      fx.failed,
      fx.current,
      fx.v2,
      fx.v1,
    ])
    expect(data?.pagination).toEqual({ hasMore: false })

    const ready = await list({
      project: fx.projectSlug,
      app: fx.appSlug,
      environment: 'production',
      status: ['ready'],
    })
    expect(ready.data?.data.map((d) => d.id)).toEqual([fx.shuttingDown, fx.current, fx.v2, fx.v1])
    expect(ready.data?.data.filter((d) => d.isCurrent).map((d) => d.id)).toEqual([fx.current])

    const preview = await list({ environment: fx.previewEnvironmentId })
    expect(preview.data?.data.map((d) => d.id)).toEqual([fx.preview])
  })

  it('pages with pagination.cursor until hasMore is false', async () => {
    const fx = await t.fixture()
    const seen: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const { data } = await list({ app: fx.appId, limit: 3, ...(cursor ? { cursor } : {}) })
      seen.push(...(data?.data.map((d) => d.id) ?? []))
      if (!data?.pagination.hasMore) break
      cursor = data.pagination.cursor
      expect(cursor).toBeTruthy()
    }
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
    // The client's paginator follows the same cursors.
    const all: string[] = []
    for await (const d of t.client.deployments.listDeployments.all({ app: fx.appId, limit: 2 }))
      all.push(d.id)
    expect(all).toEqual(seen)
  })

  it('lists only the environments an environment-scoped key may read, and nothing of other workspaces', async () => {
    const fx = await t.fixture()
    await t.fixture({ workspaceId: await t.workspace() })
    const key = await t.key([`environment.${fx.previewEnvironmentId}.read_deployment`])
    const { data } = await list({}, key)
    expect(data?.data.map((d) => d.id)).toEqual([fx.preview])
    const everything = await list({ limit: 100 })
    expect(everything.data?.data.every((d) => d.project.startsWith('prj_'))).toBe(true)
    const workspaces = await t.service.db.query<{ workspace_id: string }>(
      'SELECT DISTINCT workspace_id FROM deployments WHERE id = ANY($1::text[])',
      [everything.data?.data.map((d) => d.id) ?? []],
    )
    expect(workspaces).toEqual([{ workspace_id: 'ws_local' }])
  })
})
