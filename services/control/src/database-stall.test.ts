/**
 * The embedded database on its worker thread, stalled for real (a statement that holds the
 * thread) or handed a row it cannot pass back: requests answer (503, or a logged 500) instead of
 * waiting for ever, and liveness keeps answering.
 */
import { validatingFetch } from '@apiplatform/contract'
import { createControlClient } from '@apiplatform/control-client'
import { type Database, DatabaseStalledError, openPgliteWorker } from '@apiplatform/server-kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseTemplate } from './database-template.js'
import { createService, type RunningService } from './service.js'
import { ROOT_KEY, validator } from './testing/harness.js'

describe('a stalled PGlite worker', () => {
  let database: Database
  let service: RunningService
  const unexpected: unknown[] = []
  const post = async (operationId: string, body: unknown, key: string | undefined = ROOT_KEY) => {
    const client = createControlClient({
      baseUrl: service.url,
      rootKey: key ?? '',
      fetch: validatingFetch(validator, globalThis.fetch),
      retry: false,
    })
    const raw = client.raw.POST as (path: string, init: { body: unknown }) => Promise<unknown>
    return (await raw(`/v2/${operationId}`, { body })) as {
      response: Response
      data?: { data: Record<string, unknown> }
      error?: { error: Record<string, unknown>; meta: { requestId: string } }
    }
  }

  beforeAll(async () => {
    database = await openPgliteWorker(undefined, { callTimeoutMs: 500, template: databaseTemplate() })
    service = await createService({
      database,
      rootKey: ROOT_KEY,
      workflowStepMs: 0,
      jobPollMs: 1_000,
      authCacheMs: 60_000,
      onUnexpectedError: (error) => void unexpected.push(error),
    })
  })
  afterAll(() => service.stop())

  it('answers 503 while a statement holds the worker, liveness answers, and all recovers', async () => {
    // Warm the root key cache so the stalled call is the operation's own.
    expect((await post('apis.createApi', { name: 'stall-test' })).response.status).toBe(200)
    unexpected.length = 0
    const holding = database.query('SELECT pg_sleep(2)').catch((error: unknown) => error)
    const answer = await post('apis.createApi', { name: 'during-stall' })
    expect(answer.response.status).toBe(503)
    expect(answer.response.headers.get('retry-after')).toBe('5')
    expect(answer.error?.error).toMatchObject({
      status: 503,
      type: 'https://docs.deploy-control.dev/errors/application/service_unavailable',
    })
    expect(answer.error?.meta.requestId).toMatch(/^req_/)
    expect(unexpected.some((e) => e instanceof DatabaseStalledError)).toBe(true)
    // Liveness answers meanwhile: not ready (its documented 412), never a hang.
    const liveness = () => fetch(`${service.url}/v2/liveness`).then((r) => r.status)
    expect(await liveness()).toBe(412)
    expect(await holding).toBeInstanceOf(DatabaseStalledError)
    await expect
      .poll(liveness, {
        timeout: 10_000,
      })
      .toBe(200)
    expect((await post('apis.createApi', { name: 'after-stall' })).response.status).toBe(200)
  })

  it('answers a row it cannot pass back with a logged 500, and keeps serving', async () => {
    const { data } = await post('apis.createApi', { name: 'deep-meta' })
    const created = await post('keys.createKey', { apiId: data?.data.apiId })
    const keyId = created.data?.data.keyId as string
    let deep: unknown = 1
    for (let i = 0; i < 2_000; i++) deep = { a: deep }
    await database.query('UPDATE api_keys SET meta = $1 WHERE id = $2', [JSON.stringify(deep), keyId])
    unexpected.length = 0
    const answer = await post('keys.getKey', { keyId })
    expect(answer.response.status).toBe(500)
    expect(String(unexpected[0])).toMatch(/could not be read/)
    expect((await fetch(`${service.url}/v2/liveness`)).status).toBe(200)
    expect((await post('apis.getApi', { apiId: data?.data.apiId })).response.status).toBe(200)
  })
})
