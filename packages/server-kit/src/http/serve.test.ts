import { once } from 'node:events'
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { type ClientErrorKind, type RunningServer, serve } from './serve.js'

/** A keep-alive connection that sends one request at a time and resolves with each whole response. */
async function keepAliveConnection(url: string) {
  const { hostname, port } = new URL(url)
  const socket: Socket = connect(Number(port), hostname)
  await once(socket, 'connect')
  let buffered = ''
  let waiting: { resolve: (response: string) => void; reject: (error: Error) => void } | undefined
  const settle = () => {
    const end = buffered.indexOf('\r\n\r\n')
    if (!waiting || end < 0) return
    const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0)
    if (buffered.length < end + 4 + length) return
    const response = buffered.slice(0, end + 4 + length)
    buffered = buffered.slice(end + 4 + length)
    waiting.resolve(response)
    waiting = undefined
  }
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8')
    settle()
  })
  const fail = (error: Error) => waiting?.reject(error)
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('the server closed the connection')))
  return {
    socket,
    request: (body: string) =>
      new Promise<string>((resolve, reject) => {
        waiting = { resolve, reject }
        socket.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`)
      }),
  }
}

/** Sends raw bytes, then waits for the server to answer and close; resolves with what it sent. */
function exchange(url: string, write: (socket: ReturnType<typeof connect>) => void): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => write(socket))
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

describe('serve', () => {
  let server: RunningServer | undefined
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  const start = (requestTimeoutMs?: number) =>
    serve(
      {
        fetch: async (request) => new Response(await request.text(), { status: 200 }),
      },
      {
        port: 0,
        ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
        clientError: (kind: ClientErrorKind) => ({
          status: kind === 'timeout' ? 408 : 400,
          body: { error: kind },
        }),
      },
    )

  it('answers a request whose body stalls with the API body once the request time is up', async () => {
    server = await start(300)
    const started = Date.now()
    const received = await exchange(server.url, (socket) =>
      socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a"',
      ),
    )
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(received.endsWith('{"error":"timeout"}')).toBe(true)
    // A bound on the limit, not a speed: far below the 60 s default, and loose enough for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  it('answers oversized headers with the API body', async () => {
    server = await start()
    const received = await exchange(server.url, (socket) =>
      socket.write(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    )
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(received).toContain('Content-Type: application/json')
    expect(received.endsWith('{"error":"headers_too_large"}')).toBe(true)
  })

  it('answers what is not HTTP with the API body', async () => {
    server = await start()
    const received = await exchange(server.url, (socket) => socket.write('HELLO\r\n\r\n'))
    expect(received).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(received.endsWith('{"error":"malformed"}')).toBe(true)
  })

  it('serves a request that arrives in time', async () => {
    server = await start(300)
    const response = await fetch(server.url, { method: 'POST', body: 'hello' })
    expect(await response.text()).toBe('hello')
  })

  // A client reuses a socket it has kept idle for up to its own idle timeout (undici's is 4 s);
  // Node's default of 5 s left a margin a busy machine could eat, and the reuse failed with ECONNRESET.
  it('answers on a keep-alive connection that was idle for longer than 5 s', async () => {
    // A short header limit too: it must not cut an idle connection short either.
    server = await start(1_000)
    const connection = await keepAliveConnection(server.url)
    try {
      const first = await connection.request('one')
      expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(first).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i)
      // The premise of the test is time passing on an idle socket, not waiting for something.
      await sleep(6_000)
      const second = await connection.request('two')
      expect(second).toMatch(/^HTTP\/1\.1 200 OK\r\n/)
      expect(second.endsWith('two')).toBe(true)
    } finally {
      connection.socket.destroy()
    }
  })

  // Well within the keep-alive time: `close` does not wait for idle connections to expire.
  it('closes at once with a keep-alive connection open', { timeout: 30_000 }, async () => {
    const running = await start()
    const connection = await keepAliveConnection(running.url)
    await connection.request('one')
    const ended = once(connection.socket, 'close')
    await running.close()
    await ended
  })
})
