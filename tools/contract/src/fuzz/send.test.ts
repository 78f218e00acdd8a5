import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import type { FuzzRequest } from './request.js'
import { createSender } from './send.js'

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((done) => server.close(done))
  }
})

/**
 * Answers 413 at once, keeps the connection (as @hono/node-server does), reads what comes for a
 * moment, then closes it: the client may still be writing the body.
 */
async function earlyAnsweringServer(): Promise<string> {
  const server = http.createServer((req, res) => {
    res.writeHead(413, { 'content-type': 'application/json' })
    res.end('{"error":"Payload too large"}')
    req.resume()
    setTimeout(() => req.socket.destroySoon(), 20)
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A valid GET without a body. */
const read: FuzzRequest = {
  operation: 'GET /thing',
  kind: 'valid',
  method: 'GET',
  template: '/thing',
  pathParams: {},
  query: '',
  authorization: 'valid',
  contentType: null,
  body: undefined,
  invalid: false,
}

const largeUpload = (bytes: number): FuzzRequest => ({
  ...read,
  operation: 'POST /upload',
  kind: 'huge-value',
  method: 'POST',
  template: '/upload',
  contentType: 'application/octet-stream',
  body: { type: 'text', text: 'x'.repeat(bytes) },
  invalid: true,
})

it('survives a server that answers before reading a large body and then closes the connection', async () => {
  const uncaught: unknown[] = []
  const record = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', record)
  const sender = createSender(await earlyAnsweringServer(), 'key', { timeoutMs: 30_000, concurrency: 3 })
  try {
    const request = largeUpload(8_000_000)
    for (let round = 0; round < 20; round++) {
      const outcomes = await Promise.all([request, request, request].map((r) => sender.send(r)))
      for (const outcome of outcomes)
        expect(String(outcome.ok ? outcome.answer.status : outcome.reason)).toMatch(/^(413|transport)$/)
    }
    // Late socket errors surface on the next turns of the event loop.
    await new Promise((done) => setImmediate(done))
    expect(uncaught).toEqual([])
  } finally {
    sender.close()
    process.off('uncaughtException', record)
  }
}, 120_000)

/** Answers the first request of each connection and hangs up on any later one, unanswered. */
async function oneRequestPerConnectionServer(): Promise<string> {
  const served = new WeakSet<object>()
  const server = http.createServer((req, res) => {
    if (served.has(req.socket)) return req.socket.destroy()
    served.add(req.socket)
    res.end('{}')
  })
  servers.push(server)
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

it('sends a request again on a new connection when the server closed the kept-alive one it went out on', async () => {
  const sender = createSender(await oneRequestPerConnectionServer(), 'key', {
    timeoutMs: 30_000,
    concurrency: 3,
  })
  try {
    // Two connections in the pool, both of which the server will hang up on: the retry must not take the other.
    await Promise.all([sender.send(read), sender.send(read)])
    for (let round = 0; round < 5; round++) {
      const outcome = await sender.send(read)
      expect(outcome.ok ? outcome.answer.status : outcome.message).toBe(200)
    }
  } finally {
    sender.close()
  }
})
