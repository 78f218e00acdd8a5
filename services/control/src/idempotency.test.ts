/**
 * Idempotency keys end to end, on each database kind: a write repeated with one key does its work
 * once (also after a restart on the same database, or from another instance on PostgreSQL), a
 * key sent with another body is refused 422, and 20 concurrent requests with one key create one
 * key. The header's handling is server-kit's (`src/idempotency/`); this checks the wiring: the
 * operations the spec declares it on, the caller's scope, the API's error format.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { validatingFetch } from '@apiplatform/contract'
import { ControlApiError, createControlClient } from '@apiplatform/control-client'
import { openDatabase, testDatabaseKinds } from '@apiplatform/server-kit'
import { afterAll, describe, expect, it } from 'vitest'
import { createService, type RunningService } from './service.js'
import { validator } from './testing/harness.js'

const ROOT_KEY = 'ck_idempotency_test_key'

/** Starts services on one database: a PGlite data folder, or a fresh PostgreSQL schema. */
function storage(kind: 'pglite' | 'postgres') {
  const dir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'control-idem-')) : undefined
  const schema = `idem_${randomUUID().replaceAll('-', '')}`
  const started: RunningService[] = []
  const start = async () => {
    const service = await createService({
      rootKey: ROOT_KEY,
      ...(dir ? { dataDir: dir } : { databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema }),
    })
    started.push(service)
    return service
  }
  return {
    start,
    stop: async (service: RunningService) => {
      await service.stop()
      started.splice(started.indexOf(service), 1)
    },
    /** The last service started, still running (one PGlite process per folder at a time). */
    current: async () => started.at(-1) ?? start(),
    dispose: async () => {
      for (const s of started) await s.stop().catch(() => {})
      if (dir) rmSync(dir, { recursive: true, force: true })
      else {
        const admin = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL })
        await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
        await admin.close()
      }
    },
  }
}

const clientOf = (service: RunningService) =>
  createControlClient({
    baseUrl: service.url,
    rootKey: ROOT_KEY,
    fetch: validatingFetch(validator),
    retry: false,
  })

describe.each(testDatabaseKinds())('idempotency keys (%s)', (kind) => {
  const db = storage(kind)
  afterAll(() => db.dispose())

  it('creates one key for a repeated keys.createKey, across a restart; refuses the key with another body', async () => {
    const first = await db.start()
    const control = clientOf(first)
    const { apiId } = await control.apis.createApi({ name: `idem-${randomUUID().slice(0, 8)}` })
    const idempotencyKey = randomUUID()
    const created = await control.keys.createKey.withResponse({ apiId, name: 'once' }, { idempotencyKey })
    expect(created.response.headers.get('idempotent-replayed')).toBeNull()
    const again = await control.keys.createKey.withResponse({ apiId, name: 'once' }, { idempotencyKey })
    expect(again.response.status).toBe(created.response.status)
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    expect(again.data).toEqual(created.data)

    // PGlite: the process stops and a new one opens the folder; PostgreSQL: a second instance.
    if (kind === 'pglite') await db.stop(first)
    const second = clientOf(await db.start())
    const afterRestart = await second.keys.createKey.withResponse({ apiId, name: 'once' }, { idempotencyKey })
    expect(afterRestart.response.headers.get('idempotent-replayed')).toBe('true')
    expect(afterRestart.data.keyId).toBe(created.data.keyId)

    const reused = await second.keys
      .createKey({ apiId, name: 'another' }, { idempotencyKey })
      .catch((e: unknown) => e)
    expect(reused).toBeInstanceOf(ControlApiError)
    expect(reused).toMatchObject({ status: 422 })
    expect((reused as ControlApiError).type).toMatch(/\/errors\/request\/idempotency_key_reused$/)

    const keys = await second.apis.listKeys({ apiId })
    expect(keys.map((k) => k.keyId)).toEqual([created.data.keyId])
  })

  it('does the work once for 20 concurrent calls with one key: one creation, replays or 409s', async () => {
    const control = clientOf(await db.current())
    const { apiId } = await control.apis.createApi({ name: `idem-${randomUUID().slice(0, 8)}` })
    const idempotencyKey = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        control.keys.createKey
          .withResponse({ apiId, name: 'concurrent' }, { idempotencyKey })
          .catch((e: unknown) => e),
      ),
    )
    const ok = answers.filter((a) => !(a instanceof Error)) as {
      data: { keyId: string }
      response: { headers: Headers }
    }[]
    const refused = answers.filter((a) => a instanceof Error)
    expect(ok.filter((a) => a.response.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    expect(new Set(ok.map((a) => a.data.keyId)).size).toBe(1)
    for (const e of refused) {
      expect(e).toMatchObject({ status: 409 })
      expect((e as ControlApiError).type).toMatch(/\/errors\/request\/idempotency_key_in_use$/)
    }
    expect((await control.apis.listKeys({ apiId })).map((k) => k.keyId)).toEqual([ok[0]?.data.keyId])
  })

  it('refuses a key over 255 characters with 400, and ignores the header on reads', async () => {
    const control = clientOf(await db.current())
    const tooLong = await control.apis
      .createApi({ name: `idem-${randomUUID().slice(0, 8)}` }, { idempotencyKey: 'k'.repeat(256) })
      .catch((e: unknown) => e)
    expect(tooLong).toMatchObject({ status: 400 })
    expect((tooLong as ControlApiError).errors?.map((e) => e.location)).toEqual(['header.Idempotency-Key'])
    const { apiId } = await control.apis.createApi({ name: `idem-${randomUUID().slice(0, 8)}` })
    const read = await control.apis
      .getApi({ apiId }, { headers: { 'Idempotency-Key': 'k'.repeat(256) } })
      .catch((e: unknown) => e)
    expect(read).not.toBeInstanceOf(Error)
  })
})
