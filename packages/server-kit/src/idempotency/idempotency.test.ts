import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/database.js'
import { openDatabase } from '../db/open.js'
import { schemaPerTest } from '../test-support/schema-per-test.js'
import { openTestDatabase, testDatabaseKinds } from '../testing.js'
import { idempotency } from './middleware.js'
import { IdempotencyStore, installIdempotency } from './store.js'

/**
 * A database that can be "restarted": PGlite in a data folder, or a PostgreSQL schema that a second
 * connection pool (another instance) opens again.
 */
async function reopenable(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'idem-'))
    return {
      open: () => openDatabase({ dataDir: dir }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  const first = await openTestDatabase('postgres')
  const schema = (await first.query<{ s: string }>('SELECT current_schema() AS s'))[0]?.s
  let used = false
  return {
    open: async () => {
      if (!used) {
        used = true
        return first
      }
      return openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema })
    },
    // The first pool drops the schema when it closes.
    dispose: async () => first.close(),
  }
}

/**
 * An app with one write (`POST /things`, creates a row) that honours keys, per `x-caller`, also
 * under `headerAliases`.
 */
function appOn(
  db: Database,
  handler?: (n: number) => Response | Promise<Response>,
  headerAliases?: readonly string[],
) {
  let started = 0
  const app = new Hono()
  app.use(
    '/things/*',
    idempotency({
      store: new IdempotencyStore(db),
      applies: (c) => c.req.method !== 'GET',
      scope: (c) => c.req.header('x-caller') ?? 'caller_1',
      refuse: (c, r) => c.json({ error: r.reason, message: r.message }, r.status),
      ...(headerAliases ? { headerAliases } : {}),
    }),
  )
  app.post('/things/:group', async (c) => {
    started++
    if (handler) return handler(started)
    const body = await c.req.json<{ name: string }>()
    const rows = await db.query<{ id: number }>('INSERT INTO things (name) VALUES ($1) RETURNING id', [
      body.name,
    ])
    return c.json({ id: rows[0]?.id, name: body.name }, 201)
  })
  const post = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    app.request('/things/a', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'idempotency-key': key }),
        ...headers,
      },
      body: JSON.stringify(body),
    })
  return { app, post, started: () => started }
}

async function prepare(db: Database) {
  await installIdempotency(db)
  await db.exec('CREATE TABLE IF NOT EXISTS things (id serial PRIMARY KEY, name text NOT NULL)')
}
const count = async (db: Database) =>
  Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM things'))[0]?.n)

describe.each(testDatabaseKinds())('idempotency keys on %s', (kind) => {
  const freshDatabase = schemaPerTest(kind)
  let db: Database
  const open: Database[] = []
  const fresh = async () => {
    db = await freshDatabase()
    open.push(db)
    await prepare(db)
    return db
  }
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close()
  })

  it('answers a repeated request with the first answer, replayed, without running it again', async () => {
    const { post, started } = appOn(await fresh())
    const first = await post('k1', { name: 'a' })
    expect(first.status).toBe(201)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const firstBody = await first.json()
    const again = await post('k1', { name: 'a' })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.headers.get('content-type')).toMatch(/application\/json/)
    expect(await again.json()).toEqual(firstBody)
    expect(started()).toBe(1)
    expect(await count(db)).toBe(1)
  })

  it('runs requests without a key, or with different keys, every time', async () => {
    const { post } = appOn(await fresh())
    await post(undefined, { name: 'a' })
    await post(undefined, { name: 'a' })
    await post('k1', { name: 'a' })
    await post('k2', { name: 'a' })
    expect(await count(db)).toBe(4)
  })

  it('refuses the key with another body (422), another path or method alike, and runs nothing', async () => {
    const { app, post } = appOn(await fresh())
    await post('k1', { name: 'a' })
    const other = await post('k1', { name: 'b' })
    expect(other.status).toBe(422)
    expect(await other.json()).toMatchObject({ error: 'key_reused' })
    const otherPath = await app.request('/things/b', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'k1' },
      body: JSON.stringify({ name: 'a' }),
    })
    expect(otherPath.status).toBe(422)
    expect(await count(db)).toBe(1)
  })

  it('takes the key under an alias as the same key, and refuses two different keys (400)', async () => {
    const { post, started } = appOn(await fresh(), undefined, ['x-idempotency-key'])
    const first = await post(undefined, { name: 'a' }, { 'x-idempotency-key': 'k1' })
    expect(first.status).toBe(201)
    // The alias again, the standard name, and both alike: one key.
    const retries: [string | undefined, Record<string, string>][] = [
      [undefined, { 'x-idempotency-key': 'k1' }],
      ['k1', {}],
      ['k1', { 'x-idempotency-key': 'k1' }],
    ]
    for (const [key, headers] of retries) {
      const again = await post(key, { name: 'a' }, headers)
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
    }
    const both = await post('k2', { name: 'a' }, { 'x-idempotency-key': 'k3' })
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({
      error: 'invalid_key',
      message: 'The Idempotency-Key and x-idempotency-key headers hold different keys; send one key.',
    })
    expect((await post(undefined, {}, { 'x-idempotency-key': 'x'.repeat(256) })).status).toBe(400)
    expect(started()).toBe(1)
    expect(await count(db)).toBe(1)
  })

  it('ignores a header that is not an alias', async () => {
    const { post } = appOn(await fresh())
    await post(undefined, { name: 'a' }, { 'x-idempotency-key': 'k1' })
    await post(undefined, { name: 'a' }, { 'x-idempotency-key': 'k1' })
    expect(await count(db)).toBe(2)
  })

  it('keeps each caller’s keys apart', async () => {
    const { post } = appOn(await fresh())
    const a = await post('k1', { name: 'a' }, { 'x-caller': 'caller_a' })
    const b = await post('k1', { name: 'b' }, { 'x-caller': 'caller_b' })
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.headers.get('idempotent-replayed')).toBeNull()
    expect(await count(db)).toBe(2)
  })

  it('refuses a key over 255 characters or empty (400) and accepts 255', async () => {
    const { post } = appOn(await fresh())
    expect((await post('x'.repeat(256), { name: 'a' })).status).toBe(400)
    expect(await (await post('', { name: 'a' })).json()).toMatchObject({ error: 'invalid_key' })
    expect((await post('x'.repeat(255), { name: 'a' })).status).toBe(201)
    expect(await count(db)).toBe(1)
  })

  it('stores 4xx answers but not 5xx, 408 or 429: those stay retryable', async () => {
    const answers = [503, 429, 408, 404, 201]
    const { post, started } = appOn(await fresh(), (n) =>
      Response.json({ n }, { status: answers[n - 1] ?? 500 }),
    )
    expect((await post('k1', {})).status).toBe(503)
    expect((await post('k1', {})).status).toBe(429)
    expect((await post('k1', {})).status).toBe(408)
    expect((await post('k1', {})).status).toBe(404)
    const replayed = await post('k1', {})
    expect(replayed.status).toBe(404)
    expect(replayed.headers.get('idempotent-replayed')).toBe('true')
    expect(await replayed.json()).toEqual({ n: 4 })
    expect(started()).toBe(4)
  })

  it('runs a request whose handler threw again on the next try', async () => {
    const db = await fresh()
    let fail = true
    const app = new Hono()
    app.use(
      '*',
      idempotency({
        store: new IdempotencyStore(db),
        applies: () => true,
        scope: () => 'c',
        refuse: (c, r) => c.json({ error: r.reason }, r.status),
      }),
    )
    app.post('/x', (c) => {
      if (fail) throw new Error('boom')
      return c.json({ ok: true }, 201)
    })
    app.onError((_e, c) => c.json({ error: 'unexpected' }, 500))
    const send = () => app.request('/x', { method: 'POST', headers: { 'idempotency-key': 'k' }, body: '{}' })
    expect((await send()).status).toBe(500)
    fail = false
    expect((await send()).status).toBe(201)
  })

  it('does the work once for 20 concurrent requests with one key; the others get 409 while it runs', async () => {
    const db = await fresh()
    let answered = 0
    let running = 0
    let open = () => {}
    const gate = new Promise<void>((r) => {
      open = r
    })
    // The winner holds its reservation until every other request has been answered.
    const check = () => answered + running >= 20 && open()
    const { post, started } = appOn(db, async () => {
      running++
      check()
      await gate
      const rows = await db.query<{ id: number }>("INSERT INTO things (name) VALUES ('c') RETURNING id")
      return Response.json({ id: rows[0]?.id }, { status: 201 })
    })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        Promise.resolve(post('same', { name: 'c' })).then((r) => {
          answered++
          check()
          return r
        }),
      ),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([201, ...Array(19).fill(409)])
    const busy = answers.find((r) => r.status === 409)
    expect(busy?.headers.get('retry-after')).toBe('1')
    expect(await busy?.json()).toMatchObject({ error: 'in_progress' })
    expect(started()).toBe(1)
    expect(await count(db)).toBe(1)
    // Once answered, the same request gets the first answer.
    const later = await post('same', { name: 'c' })
    expect(later.status).toBe(201)
    expect(later.headers.get('idempotent-replayed')).toBe('true')
  })

  it('forgets a key after its 24 hours and takes over a reservation whose holder gave no answer', async () => {
    const { post } = appOn(await fresh())
    await post('k1', { name: 'a' })
    await db.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 second'")
    // Expired: the key is free again, even for another body.
    expect((await post('k1', { name: 'b' })).headers.get('idempotent-replayed')).toBeNull()
    expect(await count(db)).toBe(2)

    // A reservation left by a process that died mid-request: 409 while its lock holds, then taken over.
    const store = new IdempotencyStore(db)
    const { requestFingerprint } = await import('./fingerprint.js')
    const body = new TextEncoder().encode(JSON.stringify({ name: 'z' }))
    await store.reserve('caller_1', 'k2', requestFingerprint('POST', '/things/a', body))
    expect((await post('k2', { name: 'z' })).status).toBe(409)
    await db.query("UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = 'k2'")
    expect((await post('k2', { name: 'z' })).status).toBe(201)
    expect(await count(db)).toBe(3)
  })
})

describe.each(testDatabaseKinds())('idempotency keys across a restart on %s', (kind) => {
  it('replays the first answer from a new process on the same database', async () => {
    const storage = await reopenable(kind)
    try {
      const before = await storage.open()
      await prepare(before)
      const first = await appOn(before).post('k1', { name: 'a' })
      const firstBody = await first.json()
      // PGlite: the process stops first (one owner per data folder); PostgreSQL: another instance.
      if (kind === 'pglite') await before.close()
      const after = await storage.open()
      await prepare(after)
      const again = await appOn(after).post('k1', { name: 'a' })
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await again.json()).toEqual(firstBody)
      expect((await appOn(after).post('k1', { name: 'b' })).status).toBe(422)
      expect(await count(after)).toBe(1)
      await after.close()
    } finally {
      await storage.dispose()
    }
  })
})
