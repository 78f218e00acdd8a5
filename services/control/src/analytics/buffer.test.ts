import { type Database, migrate, openTestDatabase, testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_DIR } from '../service.js'
import { AnalyticsBuffer, type VerificationRow } from './buffer.js'

describe.each(testDatabaseKinds())('AnalyticsBuffer (%s)', (kind) => {
  let db: Database
  beforeAll(async () => {
    db = await openTestDatabase(kind)
    await migrate(db, MIGRATIONS_DIR)
  })
  afterAll(() => db?.close())

  const verification = (over: Partial<VerificationRow>): VerificationRow => ({
    workspaceId: 'ws_buffer',
    keyId: 'key_a',
    apiId: 'api_a',
    identityId: null,
    outcome: 'VALID',
    tags: [],
    region: 'local',
    time: 0,
    ...over,
  })

  it('writes one row per verification, each with its own columns and time, in time order', async () => {
    const buffer = new AnalyticsBuffer(db, { flushMs: 60_000 })
    const base = Date.UTC(2026, 0, 1)
    // Rows that differ in one column each: outcome, tags that only differ in how they split, a
    // NOT_FOUND without key, an identity.
    const rows = [
      verification({ time: base + 1 }),
      verification({ time: base + 2, outcome: 'RATE_LIMITED' }),
      verification({ time: base + 3, tags: ['a,b'] }),
      verification({ time: base + 4 }),
      verification({ time: base + 5, tags: ['a', 'b'] }),
      verification({ time: base + 6, keyId: null, apiId: null, outcome: 'NOT_FOUND' }),
      verification({ time: base + 7, outcome: 'RATE_LIMITED' }),
      verification({ time: base + 8, identityId: 'id_x', tags: ['a,b'] }),
    ]
    for (const row of rows) await buffer.recordVerification(row)
    expect(await db.query(`SELECT 1 FROM key_verifications WHERE workspace_id = 'ws_buffer'`)).toHaveLength(0)
    await buffer.flush()
    const written = await db.query<{
      key_id: string | null
      api_id: string | null
      identity_id: string | null
      outcome: string
      tags: string[]
      region: string
      ms: string | number
    }>(
      `SELECT key_id, api_id, identity_id, outcome, tags, region,
              (extract(epoch FROM time) * 1000)::bigint AS ms
       FROM key_verifications WHERE workspace_id = 'ws_buffer' ORDER BY id`,
    )
    expect(
      written.map((r) => ({
        workspaceId: 'ws_buffer',
        keyId: r.key_id,
        apiId: r.api_id,
        identityId: r.identity_id,
        outcome: r.outcome,
        tags: r.tags,
        region: r.region,
        time: Number(r.ms),
      })),
    ).toEqual(rows)
  })

  it('writes one ratelimit decision row per decision, in time order', async () => {
    const buffer = new AnalyticsBuffer(db, { flushMs: 60_000 })
    const decisions = [
      { workspaceId: 'ws_buffer', namespaceId: 'rlns_a', identifier: 'u1', passed: true, time: 10 },
      { workspaceId: 'ws_buffer', namespaceId: 'rlns_a', identifier: 'u1', passed: false, time: 11 },
      { workspaceId: 'ws_buffer', namespaceId: 'rlns_a', identifier: 'u2', passed: true, time: 12 },
      { workspaceId: 'ws_buffer', namespaceId: 'rlns_a', identifier: 'u1', passed: true, time: 13 },
    ]
    for (const d of decisions) await buffer.recordDecision(d)
    await buffer.flush()
    const written = await db.query<{
      namespace_id: string
      identifier: string
      passed: boolean
      time: string
    }>(
      `SELECT namespace_id, identifier, passed, time FROM ratelimit_decisions
       WHERE workspace_id = 'ws_buffer' ORDER BY id`,
    )
    expect(
      written.map((r) => ({
        workspaceId: 'ws_buffer',
        namespaceId: r.namespace_id,
        identifier: r.identifier,
        passed: r.passed,
        time: Number(r.time),
      })),
    ).toEqual(decisions)
  })

  it('flushes once as many rows as maxRows are queued', async () => {
    const buffer = new AnalyticsBuffer(db, { flushMs: 60_000, maxRows: 3 })
    for (let i = 0; i < 3; i++)
      await buffer.recordVerification(verification({ workspaceId: 'ws_buffer_max', time: 1000 + i }))
    await buffer.flush() // waits for the flush that the third row started (and writes nothing more)
    const rows = await db.query(`SELECT 1 FROM key_verifications WHERE workspace_id = 'ws_buffer_max'`)
    expect(rows).toHaveLength(3)
  })
})
