/**
 * The namespace's override table matches identifiers as the query of one identifier does: the
 * exact override first, else the longest `prefix*` pattern; past its size limit there is no table.
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
})
