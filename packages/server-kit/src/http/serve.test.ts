import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type ClientErrorKind, type RunningServer, serve } from './serve.js'

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
    expect(Date.now() - started).toBeLessThan(5_000)
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
})
