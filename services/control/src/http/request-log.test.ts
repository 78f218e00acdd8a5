// One log line per request with the request id the client sees (`meta.requestId`, `X-Request-Id`),
// the operation, the status, the duration and, for a 4xx, the verdict; a 500 with its stack.
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { createLogger, faultyDatabase, openDatabase, sqlError } from '@apiplatform/server-kit'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { databaseTemplate } from '../database-template.js'
import { createService, type RunningService } from '../service.js'

const lines: Record<string, unknown>[] = []
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})
const ROOT_KEY = 'ck_request_log_test_root_key_000000'
let service: RunningService
let db: ReturnType<typeof faultyDatabase>

beforeAll(async () => {
  db = faultyDatabase(await openDatabase({ template: databaseTemplate() }))
  service = await createService({
    database: db,
    rootKey: ROOT_KEY,
    authCacheMs: 60_000,
    logger: createLogger({ level: 'info', destination }),
  })
}, 60_000)
afterAll(async () => {
  await service?.stop()
  await db?.close()
})

const call = (operation: string, body: string, key = ROOT_KEY) =>
  fetch(`${service.url}/v2/${operation}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  })

/** The line of the request whose id is `id`, once written. */
async function lineOf(id: string | null) {
  // A generous deadline: the line is written a few ticks after the response, later on a loaded machine.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const line = lines.find((l) => l.reqId === id && 'status' in l)
    if (line) return line
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`no log line for ${id}: ${JSON.stringify(lines)}`)
}

it('logs a 200 with the request id the client got, in the body and in X-Request-Id', async () => {
  const res = await call('deployments.getDeployment', '{"deploymentId":"d_seed_v3"}')
  const body = (await res.json()) as { meta: { requestId: string } }
  expect(res.headers.get('x-request-id')).toBe(body.meta.requestId)
  expect(await lineOf(body.meta.requestId)).toMatchObject({
    level: 'info',
    method: 'POST',
    path: '/v2/deployments.getDeployment',
    operationId: 'deployments.getDeployment',
    status: 200,
    durationMs: expect.any(Number),
  })
})

it('logs a 400 with its verdict, and a 401', async () => {
  const bad = await call('keys.createKey', '{"name":7}')
  expect(bad.status).toBe(400)
  const line = await lineOf(bad.headers.get('x-request-id'))
  expect(line).toMatchObject({ status: 400, operationId: 'keys.createKey' })
  expect(JSON.stringify(line.verdict)).toContain('body.apiId')
  const unauthorized = await call('keys.createKey', '{}', 'ck_nope')
  expect(await lineOf(unauthorized.headers.get('x-request-id'))).toMatchObject({ status: 401 })
})

it('logs requests answered before any middleware: unknown route, malformed JSON', async () => {
  const unknown = await call('nothing.here', '{}')
  expect(await lineOf(unknown.headers.get('x-request-id'))).toMatchObject({
    status: 404,
    path: '/v2/nothing.here',
  })
  const malformed = await call('keys.createKey', '{')
  expect(await lineOf(malformed.headers.get('x-request-id'))).toMatchObject({ status: 400 })
})

it('logs an unexpected error with the request id and the stack', async () => {
  db.failAll(sqlError('XX000', 'injected failure'))
  try {
    const res = await call('deployments.getDeployment', '{"deploymentId":"d_seed_v3"}')
    expect(res.status).toBe(500)
    const id = res.headers.get('x-request-id')
    expect(await lineOf(id)).toMatchObject({ level: 'warn', status: 500 })
    const error = lines.find((l) => l.reqId === id && l.msg === 'unexpected error') as {
      err: { stack: string }
    }
    expect(error.err.stack).toContain('injected failure')
  } finally {
    db.heal()
  }
})

it('logs a request refused before the app with the request id the client got', async () => {
  const raw = await new Promise<string>((resolve, reject) => {
    let received = ''
    const socket = connect(service.port, '127.0.0.1', () =>
      socket.write('POST /v2/%2e%2e/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'),
    )
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
  const id = /X-Request-Id: (\S+)/.exec(raw)?.[1] ?? null
  expect(await lineOf(id)).toMatchObject({
    level: 'info',
    method: 'POST',
    path: '/v2/%2e%2e/openapi.json',
    status: 404,
    refused: 'unroutable_path',
  })
})
