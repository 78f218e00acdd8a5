// A start on a new database, in memory or in a new DATA_DIR, copies the prepared template (database-template.ts) instead of migrating and
// seeding: the same database as a start that migrates, without a secret of the template's or
// another instance's.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Database, openPgliteWorker } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTemplate } from './database-template.js'
import { createService, type RunningService } from './service.js'

/** Every row of every table, in a stable order, without what differs per start. */
async function contents(service: RunningService): Promise<Record<string, unknown[]>> {
  const { db } = service
  const names = (
    await db.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    )
  ).map((row) => row.name)
  const snapshot: Record<string, unknown[]> = {}
  for (const name of names) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM ${name}`)
    snapshot[name] = rows
      .map((row) => perStartValuesMasked(name, row, service))
      .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
  }
  return snapshot
}

function perStartValuesMasked(table: string, row: Record<string, unknown>, service: RunningService) {
  switch (table) {
    case 'schema_migrations':
      return { ...row, applied_at: 'when it was applied' }
    case 'root_keys':
      return { ...row, id: 'generated', hash: 'of the root key', start: 'of the root key', created_at: 'now' }
    case 'control_secrets':
      return { ...row, value: 'this instance’s key', created_at: 'now' }
    case 'environment_variables':
      // Encrypted with the instance's key: the value it holds is what must be the same.
      return { ...row, value_ciphertext: service.deps.variables?.decrypt(String(row.value_ciphertext)) }
    default:
      return row
  }
}

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

/** The stored value of the seeded recoverable variable (`LOG_LEVEL`). */
const firstCiphertext = async (service: RunningService) =>
  (
    await service.db.query<{ value_ciphertext: string }>(
      "SELECT value_ciphertext FROM environment_variables WHERE key = 'LOG_LEVEL'",
    )
  )[0]?.value_ciphertext ?? ''

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
  const start = async (options: Partial<Parameters<typeof createService>[0]> = {}) => {
    const service = await createService({
      rootKey: `ck_template_test_${started.length}_000000000000`,
      ...options,
    })
    started.push(service)
    return service
  }

  beforeAll(async () => {
    first = await start()
    second = await start()
    const template = databaseTemplate()
    if (!template) throw new Error('no identity for the prepared template')
    // A template made for other code or migrations: the start migrates and seeds a new database.
    migrated = await start({ template: { ...template, identity: 'made-for-other-code' } })
  })
  afterAll(async () => {
    for (const service of started) await service.stop()
  })

  it('copies the template: the migrations and the demo data came with it', async () => {
    expect(first.fromTemplate).toBe(true)
    expect(second.fromTemplate).toBe(true)
    // Timing-free evidence that no start ran the migrations: both copies hold the template's
    // records of them (applied once, when the template was made).
    expect(await appliedAt(first.db)).toEqual(await appliedAt(second.db))
    expect(await appliedAt(first.db)).not.toEqual(await appliedAt(migrated.db))
  })

  it('falls back to migrating and seeding when the template does not match, to the same database', async () => {
    expect(migrated.fromTemplate).toBe(false)
    expect(await schema(migrated.db)).toEqual(await schema(first.db))
    expect(await contents(migrated)).toEqual(await contents(first))
  })

  it('holds no secret: each start has its own root key and variables key', async () => {
    const template = databaseTemplate()
    const copy = await openPgliteWorker(undefined, { template })
    try {
      expect(copy.template).toBe(template?.identity)
      for (const table of ['control_secrets', 'root_keys', 'environment_variables']) {
        const [row] = await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)
        expect({ table, rows: row?.n }).toEqual({ table, rows: 0 })
      }
    } finally {
      await copy.close()
    }
    const secret = async (service: RunningService) =>
      (await service.db.query<{ value: string }>('SELECT value FROM control_secrets'))[0]?.value
    expect(await secret(first)).toBeDefined()
    expect(await secret(first)).not.toBe(await secret(second))
    const ciphertexts = async (service: RunningService) =>
      (
        await service.db.query<{ value_ciphertext: string }>(
          'SELECT value_ciphertext FROM environment_variables ORDER BY key',
        )
      ).map((row) => row.value_ciphertext)
    expect(await ciphertexts(first)).toHaveLength(3)
    expect(await ciphertexts(first)).not.toEqual(await ciphertexts(second))
    // The other instance's root key is not a key here.
    const verify = (service: RunningService, rootKey: string) =>
      fetch(`${service.url}/v2/apps.getApp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rootKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ project: 'demo', app: 'checkout-api' }),
      })
    expect((await verify(first, first.rootKey)).status).toBe(200)
    expect((await verify(second, second.rootKey)).status).toBe(200)
    expect((await verify(first, second.rootKey)).status).toBe(401)
  })

  it('lets another instance start on a copy already in use, keeping its variables key', async () => {
    const secret = async (service: RunningService) =>
      (await service.db.query<{ value: string }>('SELECT value FROM control_secrets')).map((row) => row.value)
    const before = await secret(first)
    const beside = await createService({ database: first.db, rootKey: 'ck_template_test_beside_0000000000' })
    try {
      expect(beside.fromTemplate).toBe(true)
      expect(await secret(beside)).toEqual(before)
      expect(beside.deps.variables?.decrypt(await firstCiphertext(first))).toBe('info')
    } finally {
      await beside.stop()
    }
  })

  it('copies it into a new DATA_DIR too; a restart on the folder keeps its data and its variables key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'control-template-folder-'))
    try {
      const onDisk = await createService({ rootKey: 'ck_template_test_folder_0000000000', dataDir })
      const ciphertext = await firstCiphertext(onDisk)
      try {
        expect(onDisk.fromTemplate).toBe(true)
        expect(await contents(onDisk)).toEqual(await contents(second))
        await onDisk.db.query("UPDATE apps SET name = 'Checkout (renamed)' WHERE slug = 'checkout-api'")
      } finally {
        await onDisk.stop()
      }
      const restarted = await createService({ rootKey: 'ck_template_test_folder_0000000000', dataDir })
      try {
        expect(restarted.fromTemplate).toBe(false)
        expect(await restarted.db.query("SELECT name FROM apps WHERE slug = 'checkout-api'")).toEqual([
          { name: 'Checkout (renamed)' },
        ])
        expect(await firstCiphertext(restarted)).toBe(ciphertext)
        expect(restarted.deps.variables?.decrypt(ciphertext)).toBe('info')
      } finally {
        await restarted.stop()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('is not used without the demo data: the start migrates a new database', async () => {
    const empty = await start({ seed: false })
    expect(empty.fromTemplate).toBe(false)
    expect(await empty.db.query('SELECT id FROM apps')).toEqual([])
  })
})
