// One log line per request with the request id of `X-Request-Id`, the operation, the status, the
// duration and, for a 4xx, the verdict.
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { createLogger } from '@apiplatform/server-kit'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { configFromEnv } from '../config.js'
import { createService, type RunningService } from '../service.js'

const lines: Record<string, unknown>[] = []
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})
let service: RunningService

beforeAll(async () => {
  service = await createService(
    { ...configFromEnv({}), port: 0, dataDir: undefined, apiKey: 'wd-request-log-test' },
    { logger: createLogger({ level: 'info', destination }) },
  )
}, 60_000)
afterAll(() => service?.stop())

async function lineOf(id: string | null) {
  // A generous deadline: the line is written a few ticks after the response, later on a loaded machine.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const line = lines.find((l) => l.reqId === id)
    if (line) return line
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`no log line for ${id}: ${JSON.stringify(lines)}`)
}

const scrape = (body: unknown, key = 'wd-request-log-test') =>
  fetch(`${service.url}/v2/scrape`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

it('logs a 400 with the validation verdict and the request id of X-Request-Id', async () => {
  const res = await scrape({ url: 7 })
  expect(res.status).toBe(400)
  const line = await lineOf(res.headers.get('x-request-id'))
  expect(line).toMatchObject({
    level: 'info',
    method: 'POST',
    path: '/v2/scrape',
    operationId: 'scrapeAndExtractFromUrl',
    status: 400,
    durationMs: expect.any(Number),
  })
  expect(line.verdict).toMatchObject({ error: expect.any(String) })
})

it('logs a 401 and an unknown route', async () => {
  const unauthorized = await scrape({ url: 'https://example.com' }, 'wd-nope')
  expect(await lineOf(unauthorized.headers.get('x-request-id'))).toMatchObject({ status: 401 })
  const unknown = await fetch(`${service.url}/v2/nowhere`)
  expect(await lineOf(unknown.headers.get('x-request-id'))).toMatchObject({
    status: 404,
    path: '/v2/nowhere',
  })
})

it('logs a request refused before the app with the request id the client got', async () => {
  const { port } = new URL(service.url)
  const raw = await new Promise<string>((resolve, reject) => {
    let received = ''
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write('GET /v2/crawl/active HTTP/1.1\r\n\r\n'),
    )
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
  const id = /X-Request-Id: (\S+)/i.exec(raw)?.[1] ?? null
  expect(await lineOf(id)).toMatchObject({
    level: 'info',
    method: 'GET',
    path: '/v2/crawl/active',
    status: 400,
    refused: 'invalid_host',
  })
})
