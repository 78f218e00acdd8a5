/**
 * The lease engine on its own: two RatelimitLeases on one database stand for two service
 * instances sharing it. Exactly `limit` requests pass, on one of them as across both.
 */
import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../testing/harness.js'
import { LONG_WINDOW_MS } from '../testing/ratelimit-fixtures.js'
import { RatelimitLeases } from './leases.js'

describe.each(testDatabaseKinds())('rate-limit leases (%s)', (kind) => {
  const t = useTestService({ kind })
  const check = (identifier: string, limit: number, cost = 1) => ({
    namespaceId: `rlns_test_${identifier}`,
    identifier,
    limit,
    duration: LONG_WINDOW_MS,
    cost,
    now: Date.now(),
  })
  const counted = async (identifier: string) => {
    const rows = await t.service.db.query<{ count: unknown }>(
      'SELECT count FROM ratelimit_windows WHERE identifier = $1',
      [identifier],
    )
    return Number(rows[0]?.count ?? 0)
  }

  it('one instance: exactly `limit` of many concurrent takes pass, remaining counts down exactly', async () => {
    const leases = new RatelimitLeases(t.service.db, Date.now)
    const id = randomToken(10)
    try {
      const results = await Promise.all(Array.from({ length: 100 }, () => leases.take(check(id, 23))))
      expect(results.filter((r) => r.success)).toHaveLength(23)
      expect(
        results
          .filter((r) => r.success)
          .map((r) => r.remaining)
          .sort((a, b) => a - b),
      ).toEqual(Array.from({ length: 23 }, (_, i) => i))
      expect(await counted(id)).toBe(23)
    } finally {
      await leases.close()
    }
  })

  it('two instances: never more than `limit` in total, and all of it once demand continues', async () => {
    const a = new RatelimitLeases(t.service.db, Date.now, { idleReturnMs: 40 })
    const b = new RatelimitLeases(t.service.db, Date.now, { idleReturnMs: 40 })
    const id = randomToken(10)
    try {
      const round = () =>
        Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 === 0 ? a : b).take({ ...check(id, 37), now: Date.now() }),
          ),
        )
      let passed = (await round()).filter((r) => r.success).length
      expect(passed).toBeLessThanOrEqual(37)
      // Permits one instance leased but did not use go back after idleReturnMs; the other gets them.
      // Rounds until they do, with a deadline generous enough for a loaded machine.
      for (const deadline = Date.now() + 20_000; passed < 37 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 50))
        passed += (await round()).filter((r) => r.success).length
        expect(passed).toBeLessThanOrEqual(37)
      }
      expect(passed).toBe(37)
      expect(await counted(id)).toBe(37)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('two instances: exactly `limit` of many concurrent takes pass in total', async () => {
    const a = new RatelimitLeases(t.service.db, Date.now)
    const b = new RatelimitLeases(t.service.db, Date.now)
    const id = randomToken(10)
    try {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          (i % 2 === 0 ? a : b).take({ ...check(id, 99), now: Date.now() }),
        ),
      )
      expect(results.filter((r) => r.success)).toHaveLength(99)
    } finally {
      await a.close()
      await b.close()
    }
    expect(await counted(id)).toBe(99)
  })

  it('hands unused permits back when idle and on close', async () => {
    const leases = new RatelimitLeases(t.service.db, Date.now, { idleReturnMs: 30 })
    const id = randomToken(10)
    // Sequential takes grow the lease: more is counted in the row than was used.
    for (let i = 0; i < 8; i++) expect((await leases.take(check(id, 1000))).success).toBe(true)
    expect(await counted(id)).toBeGreaterThan(8)
    // Handed back after 30 ms idle (polled: a loaded machine may run the timer later).
    await eventually(async () => (await counted(id)) === 8)
    expect((await leases.take(check(id, 1000))).success).toBe(true)
    await leases.close()
    expect(await counted(id)).toBe(9)
  })

  it('a lowered limit applies at once: held permits are handed back first', async () => {
    const leases = new RatelimitLeases(t.service.db, Date.now)
    const id = randomToken(10)
    try {
      for (let i = 0; i < 6; i++) expect((await leases.take(check(id, 100))).success).toBe(true)
      const lowered = await leases.take(check(id, 6))
      expect(lowered).toMatchObject({ success: false, remaining: 0 })
      expect(await counted(id)).toBe(6)
    } finally {
      await leases.close()
    }
  })

  it('a cost above what is left is denied without taking anything', async () => {
    const leases = new RatelimitLeases(t.service.db, Date.now)
    const id = randomToken(10)
    try {
      expect(await leases.take(check(id, 10, 7))).toMatchObject({ success: true, remaining: 3 })
      expect(await leases.take(check(id, 10, 4))).toMatchObject({ success: false, remaining: 3 })
      expect(await leases.take(check(id, 10, 3))).toMatchObject({ success: true, remaining: 0 })
      expect(await counted(id)).toBe(10)
    } finally {
      await leases.close()
    }
  })

  it('a lease far from the limit is one statement; near it the transaction decides, exactly', async () => {
    const transactions: number[] = []
    const db = t.service.db
    const counting = {
      query: db.query.bind(db),
      transaction: <T>(fn: Parameters<typeof db.transaction<T>>[0]) => {
        transactions.push(1)
        return db.transaction(fn)
      },
    }
    const leases = new RatelimitLeases(counting, Date.now)
    const id = randomToken(10)
    try {
      // Leases of 1, 2, 4 and 8 permits, each far from the limit of 1000: no transaction.
      for (let i = 0; i < 15; i++) expect((await leases.take(check(id, 1000))).success).toBe(true)
      expect(transactions).toHaveLength(0)
      expect(await leases.take(check(id, 1000))).toMatchObject({ success: true, remaining: 984 })
      expect(await counted(id)).toBe(31)
    } finally {
      await leases.close()
    }
    const near = randomToken(10)
    const small = new RatelimitLeases(counting, Date.now)
    try {
      const results = []
      for (let i = 0; i < 7; i++) results.push((await small.take(check(near, 5))).success)
      expect(results).toEqual([true, true, true, true, true, false, false])
      expect(transactions.length).toBeGreaterThan(0)
      expect(await counted(near)).toBe(5)
    } finally {
      await small.close()
    }
  })
})
