import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type InProcessService, type InProcessSettings, startInProcess } from './in-process.js'

// A fake service: a plain HTTP server that answers the seed requests (a path ending in /fail answers 400).
let server: Server
let url: string
const received: { method: string; path: string; authorization: string | undefined; body: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      })
      response.statusCode = request.url?.endsWith('/fail') ? 400 : 200
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ path: request.url }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A start function that records what it was given and what happened to the service, in order. */
function fakeStart() {
  const events: string[] = []
  const given: InProcessSettings[] = []
  const start = async (settings: InProcessSettings): Promise<InProcessService> => {
    given.push(settings)
    events.push('start')
    return {
      url,
      port: 4321,
      controls: undefined,
      captureSeededState: async () => {
        events.push(`capture after ${received.length} requests`)
      },
      stop: async () => {
        events.push('stop')
      },
    }
  }
  return { start, events, given }
}

describe('startInProcess', () => {
  it('maps each storage option to the service settings', async () => {
    const { start, given } = fakeStart()
    await startInProcess({ credential: 'k' }, start)
    await startInProcess({ credential: 'k', storage: 'memory' }, start)
    await startInProcess({ credential: 'k', storage: { dataDir: '/tmp/x' } }, start)
    await startInProcess({ credential: 'k', storage: { databaseUrl: 'postgres://db/x', schema: 's' } }, start)
    await startInProcess({ credential: 'k', storage: { databaseUrl: 'postgres://db/x' } }, start)
    expect(given.map((s) => s.storage)).toEqual([
      {},
      {},
      { dataDir: '/tmp/x' },
      { databaseUrl: 'postgres://db/x', databaseSchema: 's' },
      { databaseUrl: 'postgres://db/x', databaseSchema: undefined },
    ])
  })

  it('defaults port and hostname and maps the test controls', async () => {
    const { start, given } = fakeStart()
    await startInProcess({ credential: 'k' }, start)
    await startInProcess({ credential: 'k', port: 8080, hostname: '0.0.0.0', testControls: true }, start)
    await startInProcess({ credential: 'k', testControls: { httpToken: 't' } }, start)
    await startInProcess({ credential: 'k', testControls: false, logLevel: 'debug' }, start)
    expect(given.map(({ port, hostname, testControls }) => ({ port, hostname, testControls }))).toEqual([
      { port: 0, hostname: '127.0.0.1', testControls: undefined },
      { port: 8080, hostname: '0.0.0.0', testControls: {} },
      { port: 0, hostname: '127.0.0.1', testControls: { httpToken: 't' } },
      { port: 0, hostname: '127.0.0.1', testControls: undefined },
    ])
    expect(given[3]?.logger.level).toBe('debug')
  })

  it('sends the seed with the credential, then captures the seeded state', async () => {
    received.length = 0
    const { start, events } = fakeStart()
    const handle = await startInProcess(
      {
        credential: 'secret',
        seed: [
          { path: '/v2/one', body: { a: 1 } },
          { method: 'get', path: '/v2/two' },
        ],
      },
      start,
    )
    expect(received).toEqual([
      { method: 'POST', path: '/v2/one', authorization: 'Bearer secret', body: '{"a":1}' },
      { method: 'GET', path: '/v2/two', authorization: 'Bearer secret', body: '' },
    ])
    expect(events).toEqual(['start', 'capture after 2 requests'])
    expect(handle).toMatchObject({ url, port: 4321, seeded: [{ path: '/v2/one' }, { path: '/v2/two' }] })
    expect(handle.controls).toBeUndefined()
    await handle.stop()
    expect(events).toEqual(['start', 'capture after 2 requests', 'stop'])
  })

  it('stops the service and rejects when a seed request fails, without capturing', async () => {
    received.length = 0
    const { start, events } = fakeStart()
    await expect(
      startInProcess(
        { credential: 'k', seed: [{ path: '/v2/ok' }, { path: '/v2/fail' }, { path: '/v2/never' }] },
        start,
      ),
    ).rejects.toMatchObject({
      name: 'StartupError',
      message: expect.stringMatching(/seed request 2 .* answered 400/),
    })
    expect(received.map((r) => r.path)).toEqual(['/v2/ok', '/v2/fail'])
    expect(events).toEqual(['start', 'stop'])
  })

  it('passes a failing start through', async () => {
    const failure = new Error('port in use')
    await expect(
      startInProcess({ credential: 'k' }, async () => {
        throw failure
      }),
    ).rejects.toBe(failure)
  })
})
