import { testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTeam } from '../billing/keys.js'
import { openServiceTestDatabase } from '../testing/harness.js'
import { searchIndex, searchPages } from './index.js'

type Db = Awaited<ReturnType<typeof openServiceTestDatabase>>

describe.each(testDatabaseKinds())('search relevance (%s)', (kind) => {
  let db: Db
  let teamId: string
  const page = (url: string, title: string, markdown: string) =>
    db.query(
      `INSERT INTO pages (team_id, url, final_url, status_code, title, description, markdown)
       VALUES ($1, $2, $2, 200, $3, null, $4)`,
      [teamId, url, title, markdown],
    )
  beforeAll(async () => {
    db = await openServiceTestDatabase(kind)
    ;({ teamId } = await db.transaction((tx) => createTeam(tx, { name: 'team', credits: 10, key: 'rel' })))
    // More matches of each word, and in the title, but never the words together.
    await page(
      'https://a.test/scattered',
      'Copper kitchen notes',
      'Copper pans. Copper pots. A kettle, another kettle. The dog whistles; the radio plays loudly. Loudly, copper.',
    )
    await page('https://a.test/phrase', 'Kettles', 'Our copper kettle whistles loudly when the water boils.')
    await page('https://a.test/some', 'Notes', 'A copper kettle.')
    for (const n of ['c', 'a', 'b']) await page(`https://a.test/tie-${n}`, 'Tie', 'Identical zeppelin text.')
  })
  afterAll(() => db?.close())

  it('ranks a page holding the whole phrase first, then pages holding every word', async () => {
    for (const search of [searchIndex, searchPages]) {
      const hits = await search(db, teamId, 'copper kettle whistles loudly', 10)
      expect(hits.map((h) => h.url)).toEqual([
        'https://a.test/phrase',
        'https://a.test/scattered',
        'https://a.test/some',
      ])
    }
  })

  it('respects limit and orders ties by URL, the same every time', async () => {
    const hits = await searchIndex(db, teamId, 'zeppelin', 2)
    expect(hits.map((h) => h.url)).toEqual(['https://a.test/tie-a', 'https://a.test/tie-b'])
    expect((await searchIndex(db, teamId, 'zeppelin', 2)).map((h) => h.url)).toEqual(hits.map((h) => h.url))
  })
})
