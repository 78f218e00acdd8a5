import { type Database, testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeam } from '../billing/keys.js'
import type { BrowserPool, GuardedContext } from '../browser/pool.js'
import { openServiceTestDatabase } from '../testing/harness.js'
import { BrowserSessions } from './sessions.js'

const LIMIT = 5

/** A pool that opens stand-in contexts and counts them: the limit is the sessions' own job. */
function countingPool(options: { failing?: boolean } = {}) {
  const counts = { opened: 0, open: 0 }
  const pool = {
    assertAvailable() {},
    async newContext(): Promise<GuardedContext> {
      counts.opened++
      if (options.failing) throw new Error('the browser crashed')
      counts.open++
      const context = {
        newPage: async () => ({}),
        close: async () => {
          counts.open--
        },
      }
      return { context, guard: { blocked: new Map() } } as unknown as GuardedContext
    },
  }
  return { pool: pool as unknown as BrowserPool, counts }
}

const activeRows = async (db: Database, teamId: string) =>
  Number(
    (
      await db.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM browser_sessions WHERE team_id = $1 AND status = 'active'`,
        [teamId],
      )
    )[0]?.n,
  )

describe.each(testDatabaseKinds())('the per-team browser session limit under concurrency (%s)', (kind) => {
  let db: Database
  beforeAll(async () => {
    db = await openServiceTestDatabase(kind)
  })
  afterAll(async () => {
    await db?.close()
  })

  const newTeam = async () =>
    (await db.transaction((tx) => createTeam(tx, { name: 'team', credits: 100, key: `k-${Math.random()}` })))
      .teamId

  it('20 concurrent creates on two instances: exactly the limit succeed, the rest answer 429', async () => {
    const teamId = await newTeam()
    const a = countingPool()
    const b = countingPool()
    const options = { scrapeSessionIdleMs: 60_000, maxSessionsPerTeam: LIMIT, sweepMs: 3_600_000 }
    const instances = [new BrowserSessions(db, a.pool, options), new BrowserSessions(db, b.pool, options)]
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          instances[i % 2]?.create(teamId, { ttl: 300, streamWebView: false }),
        ),
      )
      const created = outcomes.filter((o) => o.status === 'fulfilled')
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []))
      expect(created).toHaveLength(LIMIT)
      expect(refused).toHaveLength(20 - LIMIT)
      for (const error of refused) {
        expect(error).toMatchObject({
          status: 429,
          error: 'Concurrency limit reached',
          extra: { code: 'CONCURRENCY_LIMIT' },
        })
      }
      // No context was opened for a refused request.
      expect(a.counts.opened + b.counts.opened).toBe(LIMIT)
      expect(await activeRows(db, teamId)).toBe(LIMIT)
    } finally {
      await Promise.all(instances.map((s) => s.close()))
    }
    expect(a.counts.open + b.counts.open).toBe(0)
  })

  it('a session whose browser fails to open gives its slot back', async () => {
    const teamId = await newTeam()
    const broken = countingPool({ failing: true })
    const options = { scrapeSessionIdleMs: 60_000, maxSessionsPerTeam: 1, sweepMs: 3_600_000 }
    const sessions = new BrowserSessions(db, broken.pool, options)
    const working = countingPool()
    const other = new BrowserSessions(db, working.pool, options)
    try {
      await expect(sessions.create(teamId, { ttl: 300, streamWebView: false })).rejects.toThrow(
        'the browser crashed',
      )
      expect(await activeRows(db, teamId)).toBe(0)
      await expect(other.create(teamId, { ttl: 300, streamWebView: false })).resolves.toMatchObject({
        id: expect.stringMatching(/^bs_/),
      })
    } finally {
      await sessions.close()
      await other.close()
    }
  })

  it('a session being opened is not reported lost by a list meanwhile', async () => {
    const teamId = await newTeam()
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let entered: () => void = () => {}
    const opening = new Promise<void>((resolve) => {
      entered = resolve
    })
    const { pool } = countingPool()
    const slow = {
      assertAvailable() {},
      async newContext() {
        entered()
        await gate
        return pool.newContext()
      },
    } as unknown as BrowserPool
    const sessions = new BrowserSessions(db, slow, {
      scrapeSessionIdleMs: 60_000,
      maxSessionsPerTeam: LIMIT,
      sweepMs: 3_600_000,
    })
    try {
      const created = sessions.create(teamId, { ttl: 300, streamWebView: false })
      await opening
      expect(await sessions.list(teamId, 'active')).toHaveLength(1)
      release()
      const { id } = await created
      expect(await sessions.list(teamId)).toEqual([expect.objectContaining({ id, status: 'active' })])
    } finally {
      release()
      await sessions.close()
    }
  })
})
