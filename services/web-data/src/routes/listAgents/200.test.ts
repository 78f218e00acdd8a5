import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { startRun } from '../../testing/agent.js'
import { useTestService } from '../../testing/lifecycle.js'
import { AGENT_PAGE_SIZE } from './handler.js'

describe.each(testDatabaseKinds())('GET /v2/agent → 200 (%s)', (kind) => {
  const t = useTestService({ kind, worker: false })

  it("lists the team's runs newest first and pages with next", async () => {
    const ids: string[] = []
    for (let i = 0; i < AGENT_PAGE_SIZE + 2; i++) {
      ids.push(
        await startRun(t.client, {
          prompt: `run ${i}`,
          urls: ['https://example.org/'],
        }),
      )
      await new Promise((r) => setTimeout(r, 2))
    }
    const other = await t.newTeam(10)
    await startRun(t.clientWith(other.key), { prompt: 'not yours' })
    const first = await t.client.GET('/v2/agent')
    expect(first.data?.agents).toHaveLength(AGENT_PAGE_SIZE)
    expect(first.data?.agents[0]).toMatchObject({
      id: ids.at(-1),
      status: 'processing',
      targetHint: 'example.org',
      origin: 'api',
      settings: { hidden: false, starred: false },
      options: {
        prompt: `run ${AGENT_PAGE_SIZE + 1}`,
        model: 'spark-1-pro',
        urls: ['https://example.org/'],
      },
    })
    const next = new URL(first.data?.next ?? '')
    const second = await t.client.GET('/v2/agent', {
      params: { query: { before: Number(next.searchParams.get('before')) } },
    })
    expect(second.data?.agents.map((a) => a.id)).toEqual([ids[1], ids[0]])
    expect(second.data?.next).toBeUndefined()
  })

  it('takes a fraction of a millisecond, however small, as the millisecond it falls in', async () => {
    await startRun(t.client, { prompt: 'one run', urls: ['https://example.org/'] })
    for (const before of [7e-323, 0.5]) {
      const res = await t.client.GET('/v2/agent', { params: { query: { before } } })
      expect(res.response.status).toBe(200)
      expect(res.data?.agents).toEqual([])
    }
  })
})
