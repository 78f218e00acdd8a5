import { describe, expect, it } from 'vitest'
import { openTestDatabase, testDatabaseKinds } from '../testing.js'

describe.skipIf(!testDatabaseKinds().includes('postgres'))('transactions on PostgreSQL', () => {
  it('run again when PostgreSQL aborts one of them to break a deadlock', async () => {
    const db = await openTestDatabase('postgres')
    try {
      await db.exec('CREATE TABLE crossing (id int PRIMARY KEY, n int NOT NULL)')
      await db.exec('INSERT INTO crossing VALUES (1, 0), (2, 0)')
      let runs = 0
      const gate = () => {
        let open = () => {}
        const opened = new Promise<void>((resolve) => {
          open = resolve
        })
        return { open, opened }
      }
      const [first, second] = [gate(), gate()]
      // Each locks one row, waits until the other holds the other row, then asks for it.
      const crossing = (mine: number, theirs: number, locked: () => void, other: Promise<void>) =>
        db.transaction(async (tx) => {
          runs++
          await tx.query('UPDATE crossing SET n = n + 1 WHERE id = $1', [mine])
          locked()
          await other
          await tx.query('UPDATE crossing SET n = n + 1 WHERE id = $1', [theirs])
        })
      await Promise.all([
        crossing(1, 2, first.open, second.opened),
        crossing(2, 1, second.open, first.opened),
      ])
      expect(runs).toBe(3)
      expect(await db.query('SELECT n FROM crossing ORDER BY id')).toEqual([{ n: 2 }, { n: 2 }])
    } finally {
      await db.close()
    }
  })
})
