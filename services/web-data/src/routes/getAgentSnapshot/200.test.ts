import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { finished, productSchema, startRun, trace } from '../../testing/agent.js'
import { useFixtureSite, useTestService } from '../../testing/lifecycle.js'

describe.each(testDatabaseKinds())('GET /v2/agent/{jobId}/snapshots/{snapshotId} → 200 (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('returns the artifact as it was at each artifact.updated event', async () => {
    const id = await startRun(t.client, {
      prompt: 'kettle',
      urls: [site.at('/product.html')],
      schema: productSchema,
    })
    const status = await finished(t.client, id)
    const { events } = await trace(t.client, id)
    const snapshots = events
      .filter((e) => e.type === 'artifact.updated')
      .map((e) => e.artifact?.snapshotId as string)
    expect(snapshots.length).toBeGreaterThanOrEqual(2)
    const first = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: { path: { jobId: id, snapshotId: snapshots[0] as string } },
    })
    expect(first.data).toMatchObject({
      success: true,
      id,
      snapshotId: snapshots[0],
    })
    expect(JSON.parse(first.data?.snapshot ?? '')).toEqual({
      name: 'Acme Kettle',
      price: 49.9,
      capacity: '1.7 litres',
    })
    const last = await t.client.GET('/v2/agent/{jobId}/snapshots/{snapshotId}', {
      params: {
        path: { jobId: id, snapshotId: snapshots.at(-1) as string },
      },
    })
    expect(JSON.parse(last.data?.snapshot ?? '')).toEqual(status.data)
  })
})
