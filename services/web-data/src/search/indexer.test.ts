import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { createTeam } from '../billing/keys.js'
import { eventually, openServiceTestDatabase } from '../testing/harness.js'
import { useFixtureSite, useTestService } from '../testing/lifecycle.js'
import { searchIndex } from './index.js'
import { indexPendingPages, startSearchIndexer } from './indexer.js'

const unindexed = async (db: { query<R>(text: string): Promise<R[]> }) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM pages WHERE search IS NULL'))[0]?.n)

describe.each(testDatabaseKinds())('search indexer (%s)', (kind) => {
  const site = useFixtureSite()
  const t = useTestService({ kind })

  it('indexes a scraped page in the background, after the request', async () => {
    const { response } = await t.client.POST('/v2/scrape', {
      body: { url: site.at('/product.html'), maxAge: 0 },
    })
    expect(response.status).toBe(200)
    await eventually(async () => ((await unindexed(t.service.db)) === 0 ? true : undefined))
    const vectors = await t.service.db.query<{ n: string }>(
      "SELECT count(*) AS n FROM pages WHERE search @@ to_tsquery('english', 'kettle')",
    )
    expect(Number(vectors[0]?.n)).toBeGreaterThan(0)
  })

  it('finds a page the background indexer has not reached yet', async () => {
    const db = await openServiceTestDatabase(kind)
    try {
      const { teamId } = await db.transaction((tx) =>
        createTeam(tx, { name: 'team', credits: 10, key: 'k1' }),
      )
      await db.query(
        `INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
         VALUES ($1, 'https://a.test/', 'https://a.test/', 200, 'Zeppelin timetable', null, 'Departures daily.')`,
        [teamId],
      )
      expect(await unindexed(db)).toBe(1)
      const hits = await searchIndex(db, teamId, 'zeppelin', 5)
      expect(hits.map((h) => h.url)).toEqual(['https://a.test/'])
      expect(await unindexed(db)).toBe(0)
    } finally {
      await db.close()
    }
  })

  it('gives a page fetched again unchanged the vector of its last version, a changed one its own', async () => {
    const db = await openServiceTestDatabase(kind)
    try {
      const { teamId } = await db.transaction((tx) =>
        createTeam(tx, { name: 'team', credits: 10, key: 'k3' }),
      )
      const record = (markdown: string) =>
        db.query(
          `INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
           VALUES ($1, 'https://c.test/', 'https://c.test/', 200, 'Ferry', 'Crossings', $2)`,
          [teamId, markdown],
        )
      const fresh = `setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce(markdown, '')), 'C')`
      const stale = async () =>
        Number(
          (
            await db.query<{ n: string }>(
              `SELECT count(*) AS n FROM pages WHERE search IS DISTINCT FROM ${fresh}`,
            )
          )[0]?.n,
        )
      await record('Boats leave hourly.')
      await indexPendingPages(db)
      await record('Boats leave hourly.')
      await record('Boats leave daily.')
      await record('Boats leave weekly.')
      await indexPendingPages(db)
      expect(await unindexed(db)).toBe(0)
      expect(await stale()).toBe(0)
    } finally {
      await db.close()
    }
  })

  it('indexes at start what a previous run left unindexed', async () => {
    const db = await openServiceTestDatabase(kind)
    try {
      const { teamId } = await db.transaction((tx) =>
        createTeam(tx, { name: 'team', credits: 10, key: 'k2' }),
      )
      for (let i = 0; i < 10; i++) {
        await db.query(
          `INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
           VALUES ($1, $2, $2, 200, 'Left over', null, 'From before the crash.')`,
          [teamId, `https://b.test/${i}`],
        )
      }
      const indexer = startSearchIndexer(db)
      await eventually(async () => ((await unindexed(db)) === 0 ? true : undefined))
      await indexer.stop()
    } finally {
      await db.close()
    }
  })
})
