/**
 * Idempotency keys end to end, on each database kind: POST /v2/crawl repeated with one key starts
 * one crawl (also after a restart on the same database, or from another instance on PostgreSQL),
 * the key with another body is refused 422, and 20 concurrent requests with one key start one
 * crawl. A batch scrape sent as the real API's SDK sends it (`x-idempotency-key`) starts once. The header's handling is server-kit's (`src/idempotency/`); this checks the wiring: the
 * operations the spec declares it on, the caller's scope, the API's error format.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { validatingFetch } from '@apiplatform/contract'
import { openDatabase, testDatabaseKinds } from '@apiplatform/server-kit'
import { createWebDataClient, WebDataApiError } from '@apiplatform/web-data-client'
import { afterAll, describe, expect, it } from 'vitest'
import { generateKey } from './billing/keys.js'
import { DEFAULTS, type ServiceConfig } from './config.js'
import { createService, type RunningService } from './service.js'
import { specValidator } from './testing/harness.js'

/** Starts services on one database: a PGlite data folder, or a fresh PostgreSQL schema. */
function storage(kind: 'pglite' | 'postgres') {
  const dir = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'web-data-idem-')) : undefined
  const schema = `idem_${randomUUID().replaceAll('-', '')}`
  const apiKey = generateKey()
  const started: RunningService[] = []
  const start = async () => {
    const config: ServiceConfig = {
      ...DEFAULTS,
      port: 0,
      apiKey,
      credits: 100_000,
      allowPrivateUrls: true,
      // No worker: the test counts the crawls a request starts, not what they fetch.
      worker: false,
      ...(dir
        ? { dataDir: dir }
        : { dataDir: undefined, databaseUrl: process.env.TEST_DATABASE_URL, databaseSchema: schema }),
    }
    const service = await createService(config)
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
  createWebDataClient({
    baseUrl: service.url,
    apiKey: service.apiKey,
    fetch: validatingFetch(specValidator()),
    retry: false,
  })

const crawls = async (service: RunningService, url: string) =>
  Number(
    (await service.db.query<{ n: string }>('SELECT count(*) AS n FROM crawls WHERE url = $1', [url]))[0]?.n,
  )

/** The batch scrapes that hold `url`. */
const batches = async (service: RunningService, url: string) =>
  Number(
    (
      await service.db.query<{ n: string }>(
        'SELECT count(DISTINCT crawl_id) AS n FROM crawl_pages WHERE url = $1',
        [url],
      )
    )[0]?.n,
  )

/** POST /v2/batch/scrape as the real API's SDK sends it: its own headers, no client of ours. */
const startBatch = (service: RunningService, url: string, headers: Record<string, string>) =>
  validatingFetch(specValidator())(`${service.url}/v2/batch/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ urls: [url] }),
  })

describe.each(testDatabaseKinds())('idempotency keys (%s)', (kind) => {
  const db = storage(kind)
  afterAll(() => db.dispose())

  it('starts one crawl for a repeated POST /v2/crawl, across a restart; refuses the key with another body', async () => {
    const first = await db.start()
    const web = clientOf(first)
    const url = `http://127.0.0.1:9/${randomUUID()}`
    const idempotencyKey = randomUUID()
    const started = await web.crawl.start.withResponse({ url, limit: 1 }, { idempotencyKey })
    expect(started.response.headers.get('idempotent-replayed')).toBeNull()
    const again = await web.crawl.start.withResponse({ url, limit: 1 }, { idempotencyKey })
    expect(again.response.headers.get('idempotent-replayed')).toBe('true')
    expect(again.data).toEqual(started.data)

    // PGlite: the process stops and a new one opens the folder; PostgreSQL: a second instance.
    if (kind === 'pglite') await db.stop(first)
    const second = await db.start()
    const afterRestart = await clientOf(second).crawl.start.withResponse(
      { url, limit: 1 },
      { idempotencyKey },
    )
    expect(afterRestart.response.headers.get('idempotent-replayed')).toBe('true')
    expect(afterRestart.data.id).toBe(started.data.id)

    const reused = await clientOf(second)
      .crawl.start({ url, limit: 2 }, { idempotencyKey })
      .catch((e: unknown) => e)
    expect(reused).toBeInstanceOf(WebDataApiError)
    expect(reused).toMatchObject({ status: 422, body: { success: false, code: 'IDEMPOTENCY_KEY_REUSED' } })
    expect(await crawls(second, url)).toBe(1)
  })

  it('starts one crawl for 20 concurrent requests with one key: one start, replays or 409s', async () => {
    const service = await db.current()
    const web = clientOf(service)
    const url = `http://127.0.0.1:9/${randomUUID()}`
    const idempotencyKey = randomUUID()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        web.crawl.start.withResponse({ url, limit: 1 }, { idempotencyKey }).catch((e: unknown) => e),
      ),
    )
    const ok = answers.filter((a) => !(a instanceof Error)) as {
      data: { id: string }
      response: { headers: Headers }
    }[]
    expect(ok.filter((a) => a.response.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    expect(new Set(ok.map((a) => a.data.id)).size).toBe(1)
    for (const e of answers.filter((a) => a instanceof Error))
      expect(e).toMatchObject({ status: 409, body: { code: 'IDEMPOTENCY_KEY_IN_USE' } })
    expect(await crawls(service, url)).toBe(1)
  })

  it('takes the SDKs’ x-idempotency-key as the same key; refuses it beside a different Idempotency-Key', async () => {
    const service = await db.current()
    const url = `http://127.0.0.1:9/${randomUUID()}`
    const key = randomUUID()
    const first = await startBatch(service, url, { 'x-idempotency-key': key })
    expect(first.status).toBe(200)
    expect(first.headers.get('idempotent-replayed')).toBeNull()
    const { id } = (await first.json()) as { id: string }
    for (const name of ['x-idempotency-key', 'idempotency-key']) {
      const again = await startBatch(service, url, { [name]: key })
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      expect(await again.json()).toMatchObject({ id })
    }
    const both = await startBatch(service, url, { 'idempotency-key': randomUUID(), 'x-idempotency-key': key })
    expect(both.status).toBe(400)
    expect(await both.json()).toMatchObject({ success: false, code: 'INVALID_IDEMPOTENCY_KEY' })
    expect(await batches(service, url)).toBe(1)
  })

  it('refuses a key over 255 characters with 400', async () => {
    const web = clientOf(await db.current())
    const tooLong = await web.crawl
      .start({ url: 'http://127.0.0.1:9/', limit: 1 }, { idempotencyKey: 'k'.repeat(256) })
      .catch((e: unknown) => e)
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'INVALID_IDEMPOTENCY_KEY' } })
  })
})
