// A start on a new database, in memory or in a new DATA_DIR, copies the prepared template
// (database-template.ts) instead of migrating: the same schema as a start that migrates, and no key
// of the template's or another instance's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPgliteWorker, openServiceDatabase } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configFromEnv, type ServiceConfig } from './config.js'
import { databaseTemplate } from './database-template.js'
import { createService, type RunningService, startOn } from './service.js'

/** The tables' columns, indexes and constraints. */
async function schema(db: Database) {
  return {
    columns: await db.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    ),
    indexes: await db.query(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname",
    ),
    constraints: await db.query(
      `SELECT conrelid::regclass::text AS tab, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
    ),
  }
}

/** How many rows each table holds. */
async function rowCounts(db: Database) {
  const names = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  )
  const counts: Record<string, number> = {}
  for (const { name } of names)
    counts[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0]?.n ?? -1
  return counts
}

const appliedAt = async (db: Database) =>
  (
    await db.query<{ version: string; applied_at: Date }>(
      'SELECT version, applied_at FROM schema_migrations ORDER BY version',
    )
  ).map((row) => `${row.version} ${row.applied_at.toISOString()}`)

describe('a start from the prepared template', () => {
  const started: RunningService[] = []
  let first: RunningService
  let second: RunningService
  let migrated: RunningService
  const config = (): ServiceConfig => ({
    ...configFromEnv({}),
    port: 0,
    dataDir: undefined,
    apiKey: `wd-template-test-${started.length}`,
  })

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) started.push(await createService(config()))
    ;[first, second] = started as [RunningService, RunningService]
    const template = databaseTemplate()
    if (!template) throw new Error('no identity for the prepared template')
    // A template made for other code or migrations: a new database, which the start migrates.
    const db = await openServiceDatabase({ template: { ...template, identity: 'made-for-other-code' } })
    migrated = await startOn(db, config(), () => db.close())
    started.push(migrated)
  })
  afterAll(async () => {
    for (const service of started) await service.stop()
  })

  it('copies the template: the migrations came with it', async () => {
    expect(first.fromTemplate).toBe(true)
    expect(second.fromTemplate).toBe(true)
    // Timing-free evidence that no start ran the migrations: both copies hold the template's
    // records of them (applied once, when the template was made).
    expect(await appliedAt(first.db)).toEqual(await appliedAt(second.db))
    expect(await appliedAt(first.db)).not.toEqual(await appliedAt(migrated.db))
  })

  it('falls back to migrating when the template does not match, to the same database', async () => {
    expect(migrated.fromTemplate).toBe(false)
    expect(await schema(migrated.db)).toEqual(await schema(first.db))
    expect(await rowCounts(migrated.db)).toEqual(await rowCounts(first.db))
  })

  it('holds no key: each start has its own bootstrap key and team', async () => {
    const template = databaseTemplate()
    const copy = await openPgliteWorker(undefined, { template })
    try {
      expect(copy.template).toBe(template?.identity)
      for (const table of ['teams', 'api_keys', 'credit_ledger']) {
        const [row] = await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
        expect({ table, rows: row?.n }).toEqual({ table, rows: 0 })
      }
    } finally {
      await copy.close()
    }
    const usage = (service: RunningService, key: string) =>
      fetch(`${service.url}/v2/team/credit-usage`, { headers: { authorization: `Bearer ${key}` } })
    expect((await usage(first, first.apiKey)).status).toBe(200)
    expect((await usage(second, second.apiKey)).status).toBe(200)
    expect((await usage(first, second.apiKey)).status).toBe(401)
    const teams = async (service: RunningService) =>
      (await service.db.query<{ id: string }>('SELECT id FROM teams'))[0]?.id
    expect(await teams(first)).not.toBe(await teams(second))
  })

  it('copies it into a new DATA_DIR too; a restart on the folder keeps its key and its data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'web-data-template-folder-'))
    const onFolder = (): ServiceConfig => ({ ...config(), dataDir, apiKey: 'wd-template-test-folder' })
    const usage = (service: RunningService) =>
      fetch(`${service.url}/v2/team/credit-usage`, {
        headers: { authorization: `Bearer ${service.apiKey}` },
      })
    const teams = async (service: RunningService) =>
      (await service.db.query<{ id: string }>('SELECT id FROM teams')).map((row) => row.id)
    try {
      const onDisk = await createService(onFolder())
      let team: string[]
      try {
        expect(onDisk.fromTemplate).toBe(true)
        expect(await appliedAt(onDisk.db)).toEqual(await appliedAt(first.db))
        expect((await usage(onDisk)).status).toBe(200)
        team = await teams(onDisk)
      } finally {
        await onDisk.stop()
      }
      const restarted = await createService(onFolder())
      try {
        expect(restarted.fromTemplate).toBe(false)
        expect(await teams(restarted)).toEqual(team)
        expect((await usage(restarted)).status).toBe(200)
      } finally {
        await restarted.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
