import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database.js'
import { openTestDatabase, testDatabaseKinds } from '../testing.js'
import { TestClock } from './clock.js'
import { clockedDatabase, shiftNow } from './clocked-database.js'
import { snapshotDatabase } from './snapshot.js'

describe('shiftNow', () => {
  it('shifts calls of now() only, and leaves the text alone at offset 0', () => {
    const sql =
      "SELECT now(), NOW( ), pg_catalog.now(), x.now(), snow(), 'a' WHERE t < now() - interval '1 s'"
    expect(shiftNow(sql, 0)).toBe(sql)
    expect(shiftNow(sql, 1500)).toBe(
      "SELECT (pg_catalog.now() + interval '1500 milliseconds'), (pg_catalog.now() + interval '1500 milliseconds'), pg_catalog.now(), x.now(), snow(), 'a' WHERE t < (pg_catalog.now() + interval '1500 milliseconds') - interval '1 s'",
    )
  })
})

describe.each(testDatabaseKinds())('test controls on %s', (kind) => {
  let raw: Database
  beforeAll(async () => {
    raw = await openTestDatabase(kind)
  })
  afterAll(() => raw?.close())

  it("moves SQL's now() with the clock, in and out of transactions", async () => {
    const clock = new TestClock()
    const db = clockedDatabase(raw, clock)
    const skew = async (sql: Pick<Database, 'query'>) =>
      Number(
        (
          await sql.query<{ ms: string }>(
            'SELECT (extract(epoch FROM now() - pg_catalog.now()) * 1000)::bigint::text AS ms',
          )
        )[0]?.ms,
      )
    expect(await skew(db)).toBe(0)
    clock.advance(3_600_000)
    expect(await skew(db)).toBe(3_600_000)
    expect(await db.transaction((tx) => skew(tx))).toBe(3_600_000)
    clock.reset()
    expect(await skew(db)).toBe(0)
    expect(() => clock.advance(-1)).toThrow(RangeError)
  })

  it('restores every table, foreign keys and sequences to the snapshot', async () => {
    await raw.exec(`
      CREATE TABLE snap_teams (id bigserial PRIMARY KEY, name text NOT NULL, tags text[], data jsonb, raw bytea,
                               at timestamptz, doc tsvector GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED);
      CREATE TABLE snap_members (id text PRIMARY KEY, team_id bigint NOT NULL REFERENCES snap_teams (id),
                                 parent text REFERENCES snap_members (id));
      INSERT INTO snap_teams (name, tags, data, raw, at)
        VALUES ('seeded', ARRAY['a', 'b'], '{"k": [1, 2]}', '\\x00ff', '2026-01-02T03:04:05.678Z');
      INSERT INTO snap_members VALUES ('m1', 1, NULL), ('m2', 1, 'm1');
    `)
    const before = await raw.query('SELECT * FROM snap_teams')
    const snapshot = await snapshotDatabase(raw)
    // Parents before children, in whichever schema the test database is (PostgreSQL's is its own).
    const position = (table: string) => snapshot.tables.findIndex((t) => t.endsWith(`."${table}"`))
    expect(position('snap_teams')).toBeGreaterThanOrEqual(0)
    expect(position('snap_teams')).toBeLessThan(position('snap_members'))
    await raw.query("INSERT INTO snap_teams (name) VALUES ('created in a test')")
    await raw.query("UPDATE snap_members SET parent = NULL WHERE id = 'm2'")
    await raw.query("DELETE FROM snap_members WHERE id = 'm1'")
    await snapshot.restore()
    expect(await raw.query('SELECT * FROM snap_teams')).toEqual(before)
    expect(
      await raw.query('SELECT id, team_id::int AS team_id, parent FROM snap_members ORDER BY id'),
    ).toEqual([
      { id: 'm1', team_id: 1, parent: null },
      { id: 'm2', team_id: 1, parent: 'm1' },
    ])
    // The next id is the one the first insert after the snapshot got.
    const [next] = await raw.query<{ id: string }>(
      "INSERT INTO snap_teams (name) VALUES ('again') RETURNING id::text",
    )
    expect(next?.id).toBe('2')
  })

  it('writes back only the tables written since the last restore, and those referencing them', async () => {
    await raw.exec(`
      CREATE TABLE part_orgs (id text PRIMARY KEY);
      CREATE TABLE part_users (id text PRIMARY KEY, org text NOT NULL REFERENCES part_orgs (id));
      CREATE TABLE part_notes (id text PRIMARY KEY, body text NOT NULL);
      INSERT INTO part_orgs VALUES ('o1'); INSERT INTO part_users VALUES ('u1', 'o1');
      INSERT INTO part_notes VALUES ('n1', 'seeded');
    `)
    const snapshot = await snapshotDatabase(raw)
    // A row's xmin is the transaction that wrote it: unchanged when the restore left it alone.
    const versions = async () =>
      Object.fromEntries(
        await Promise.all(
          ['part_orgs', 'part_users', 'part_notes'].map(async (t) => {
            const [row] = await raw.query<{ v: string }>(`SELECT xmin::text AS v FROM ${t}`)
            return [t, row?.v]
          }),
        ),
      )
    const seeded = await versions()
    await snapshot.restore()
    expect(await versions()).toEqual(seeded)

    await raw.query("UPDATE part_notes SET body = 'changed'")
    await snapshot.restore()
    const afterNotes = await versions()
    expect(await raw.query('SELECT body FROM part_notes')).toEqual([{ body: 'seeded' }])
    expect(afterNotes.part_notes).not.toBe(seeded.part_notes)
    expect(afterNotes.part_orgs).toBe(seeded.part_orgs)

    // A write to a referenced table writes back the tables pointing at it too.
    await raw.query("INSERT INTO part_orgs VALUES ('o2')")
    await snapshot.restore()
    const afterOrgs = await versions()
    expect(await raw.query('SELECT id FROM part_orgs')).toEqual([{ id: 'o1' }])
    expect(afterOrgs.part_users).not.toBe(afterNotes.part_users)
    expect(afterOrgs.part_notes).toBe(afterNotes.part_notes)
    // A rolled-back write changed nothing.
    await raw
      .transaction(async (tx) => {
        await tx.query("INSERT INTO part_notes VALUES ('n2', 'gone')")
        throw new Error('roll back')
      })
      .catch(() => undefined)
    await snapshot.restore()
    expect(await versions()).toEqual(afterOrgs)
  })
})
