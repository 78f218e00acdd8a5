import { request as httpRequest } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodyLimit } from './body-limit.js'

const LIMIT = 1000

/** An app whose handler echoes how many body bytes it read; 413s say `too large`. */
function echoApp() {
  const app = new Hono()
  app.use(
    '*',
    bodyLimit(LIMIT, (c) => c.text('too large', 413)),
  )
  app.post('/', async (c) => c.text(String((await c.req.text()).length)))
  return app
}

/** A streamed body of `size` bytes that records how much of it was read, and whether `body` was touched. */
function trackedRequest(size: number, headers: Record<string, string>) {
  const read = { bytes: 0, bodyTouched: false }
  let left = size
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = new Uint8Array(Math.min(256, left)).fill(120)
        left -= chunk.length
        read.bytes += chunk.length
        if (chunk.length > 0) controller.enqueue(chunk)
        if (left === 0) controller.close()
      },
    },
    { highWaterMark: 0 },
  ) // nothing is read before someone asks
  // `duplex` (required for a stream body) is missing from the DOM RequestInit type.
  const init = { method: 'POST', body: stream, duplex: 'half', headers } as RequestInit
  const req = new Request('http://api.test/', init)
  const body = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get
  Object.defineProperty(req, 'body', {
    get() {
      read.bodyTouched = true
      return body?.call(req)
    },
  })
  return { req, read }
}

describe('bodyLimit', () => {
  const app = echoApp()

  it('refuses a declared Content-Length over the limit without touching the body', async () => {
    const { req, read } = trackedRequest(LIMIT + 1, { 'content-length': String(LIMIT + 1) })
    const res = await app.request(req)
    expect(res.status).toBe(413)
    expect(await res.text()).toBe('too large')
    expect(read).toEqual({ bytes: 0, bodyTouched: false })
  })

  it('lets a declared Content-Length within the limit through without touching the body', async () => {
    const app = new Hono()
    app.use(
      '*',
      bodyLimit(LIMIT, (c) => c.text('too large', 413)),
    )
    app.post('/', (c) => c.text('handled'))
    const { req, read } = trackedRequest(LIMIT, { 'content-length': String(LIMIT) })
    const res = await app.request(req)
    expect(await res.text()).toBe('handled')
    expect(read).toEqual({ bytes: 0, bodyTouched: false })
  })

  it('counts a chunked body and refuses it once it passes the limit', async () => {
    const { req, read } = trackedRequest(10 * LIMIT, { 'transfer-encoding': 'chunked' })
    const res = await app.request(req)
    expect(res.status).toBe(413)
    expect(read.bytes).toBeLessThan(2 * LIMIT) // stopped reading at the limit, not at the end
  })

  it('counts a body of unknown length and passes it on whole when within the limit', async () => {
    const { req } = trackedRequest(LIMIT, {})
    const res = await app.request(req)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(String(LIMIT))
  })

  it('does not check GET requests', async () => {
    const res = await app.request('/', { method: 'GET', headers: { 'content-length': String(LIMIT + 1) } })
    expect(res.status).toBe(404)
  })
})

describe('bodyLimit on @hono/node-server', () => {
  let server: ReturnType<typeof serve>
  let port: number
  beforeAll(async () => {
    server = serve({ fetch: echoApp().fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /**
   * Writes `parts` on a connection of its own, each after the server's answer to the one before,
   * and returns all the server wrote back before closing.
   */
  const raw = (...parts: string[]) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(parts.shift() ?? ''))
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk
        const next = parts.shift()
        if (next !== undefined) socket.write(next)
      })
      socket.on('close', () => resolve(text))
      socket.on('error', reject)
    })

  it('answers 413 to a declared oversized body before the client has sent any of it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/',
        agent: false,
        headers: { 'content-length': String(LIMIT * 1000) },
      })
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0)
        req.destroy()
      })
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)))
      req.flushHeaders() // headers only: the body is never sent
    })
    expect(status).toBe(413)
  })

  it('counts a chunked upload on the wire', async () => {
    const chunk = 'x'.repeat(LIMIT)
    const text = await raw(
      'POST / HTTP/1.1\r\nHost: t\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n' +
        `${chunk.length.toString(16)}\r\n${chunk}\r\n`.repeat(3) +
        '0\r\n\r\n',
    )
    expect(text).toMatch(/^HTTP\/1\.1 413 /)
  })

  it('never hands a handler more than a lying Content-Length declares: node parses the rest as a new request', async () => {
    // The same bytes as one write of headers + 'hello' + 10 kB; split so that the first answer
    // is sent before node's parser meets the extra bytes and closes the connection.
    const text = await raw(
      'POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello',
      'x'.repeat(10 * LIMIT),
    )
    expect(text.match(/HTTP\/1\.1 \d{3}/g)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 400'])
    expect(text).toMatch(/\r\n\r\n5HTTP\/1\.1 400/) // the handler read the 5 declared bytes only
  })
})
