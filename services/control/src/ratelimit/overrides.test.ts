/**
 * The namespace's override table matches identifiers as the query of one identifier does: the
 * exact override first, else the longest matching pattern (a `*` anywhere matches any run of
 * characters); past its size limit there is no table.
 */
import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { SEED } from '../seed.js'
import { useTestService } from '../testing/harness.js'
import { ensureNamespace } from './namespaces.js'
import { applicableOverride, loadOverrideTable, matchOverride, upsertOverride } from './overrides.js'

describe.each(testDatabaseKinds())('override table (%s)', (kind) => {
  const t = useTestService({ kind })

  it('picks the same override as the query, for exact names, patterns and no match', async () => {
    const db = t.service.db
    const workspaceId = SEED.workspaceId
    const ns = await ensureNamespace(db, workspaceId, `table_${randomToken(8)}`, Date.now())
    const identifiers = ['user_1', 'user_*', 'user_1*', 'u*', 'team*', 'team', '*']
    for (const [i, identifier] of identifiers.entries())
      await upsertOverride(db, {
        workspaceId,
        namespaceId: ns.id,
        identifier,
        limit: i + 1,
        duration: 1000,
        now: Date.now(),
      })
    const table = await loadOverrideTable(db, ns.id)
    if (!table) throw new Error('expected a table')
    for (const identifier of [
      'user_1',
      'user_12',
      'user_2',
      'user_',
      'u',
      'ux',
      'team',
      'teams',
      'x',
      '',
      'user_*',
    ]) {
      const expected = await applicableOverride(db, ns.id, identifier)
      expect(matchOverride(table, identifier)?.overrideId, identifier).toBe(expected?.overrideId)
    }
    expect(await loadOverrideTable(db, ns.id, identifiers.length - 1)).toBeUndefined()
  })

  it('reads each `*` as any run of characters and `%`, `_`, `\\` literally; ranks exact, longest, then by code point', async () => {
    const db = t.service.db
    const workspaceId = SEED.workspaceId
    const ns = await ensureNamespace(db, workspaceId, `wild_${randomToken(8)}`, Date.now())
    const patterns = [
      '*_admin',
      'ops_*',
      'root_admin',
      '*suspicious*',
      'a%b*',
      'a_b*',
      'c\\d*',
      '*zz',
      'z*z',
      '😀😀*',
      '*abc',
      'x**y*z',
      '*a*a*a*a*a*a*b',
    ]
    const ids = new Map<string, string>()
    for (const identifier of patterns)
      ids.set(
        identifier,
        await upsertOverride(db, {
          workspaceId,
          namespaceId: ns.id,
          identifier,
          limit: 1,
          duration: 1000,
          now: Date.now(),
        }),
      )
    const table = await loadOverrideTable(db, ns.id)
    if (!table) throw new Error('expected a table')
    const cases: Array<[string, string | undefined]> = [
      ['ops_admin', '*_admin'], // a suffix pattern; longer than the matching `ops_*`
      ['ops_x', 'ops_*'],
      ['root_admin', 'root_admin'], // exact beats the longer `*_admin`
      ['_admin', '*_admin'], // `*` matches nothing, too
      ['a_suspicious_b', '*suspicious*'],
      ['suspicious', '*suspicious*'],
      ['suspiciou', undefined],
      ['axxb1', undefined], // `%` is no wildcard
      ['a%b1', 'a%b*'],
      ['axb1', undefined], // `_` is no wildcard
      ['a_b1', 'a_b*'],
      ['c\\d1', 'c\\d*'], // `\` is literal, not an escape
      ['cd1', undefined],
      ['zz', '*zz'], // same length as `z*z`: `*` sorts before `z`
      ['zaz', 'z*z'],
      ['😀😀abc', '*abc'], // 4 characters beat 3 (though `😀😀*` has 5 UTF-16 units)
      ['😀😀a', '😀😀*'],
      ['x1y2z', 'x**y*z'],
      ['xyz', 'x**y*z'],
      ['xzy', undefined],
      ['a'.repeat(512), undefined], // many `*` against long near misses: no backtracking blow-up
      [`${'x'.repeat(500)}aaaaab`, undefined],
      [`${'a'.repeat(300)}b`, '*a*a*a*a*a*a*b'],
    ]
    for (const [identifier, expected] of cases) {
      const want = expected === undefined ? undefined : ids.get(expected)
      expect((await applicableOverride(db, ns.id, identifier))?.overrideId, identifier).toBe(want)
      expect(matchOverride(table, identifier)?.overrideId, identifier).toBe(want)
    }
  })
})
