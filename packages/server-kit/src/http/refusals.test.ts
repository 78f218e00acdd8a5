import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../log/logger.js'
import type { ClientErrorKind, RefusedRequest } from './client-error.js'
import { type RunningServer, serve } from './serve.js'

/** Sends raw bytes, then waits for the server to answer and close; resolves with what it sent. */
function exchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request))
    let received = ''
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

/** Status, headers and JSON body of a raw answer. */
function parse(raw: string) {
  const end = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, end)
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(raw.slice(end + 4)) }
}

describe('requests refused before the app', () => {
  let server: RunningServer | undefined
  let reached: string[] = []
  let lines: Record<string, unknown>[] = []
  afterEach(async () => {
    await server?.close()
    server = undefined
  })
  const start = async () => {
    reached = []
    lines = []
    const destination = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    let n = 0
    server = await serve(
      {
        fetch: (request) => {
          reached.push(new URL(request.url).pathname)
          return new Response('app')
        },
      },
      {
        port: 0,
        logger: createLogger({ level: 'info', destination }),
        clientError: (kind: ClientErrorKind, request?: RefusedRequest) => {
          const id = `req_${++n}`
          return {
            status: kind === 'unroutable_path' ? 404 : 400,
            body: { error: kind, id, ...(request ? { path: request.path } : {}) },
            headers: { 'X-Request-Id': id },
          }
        },
      },
    )
    return server
  }
  const send = (request: string) => exchange((server as RunningServer).url, request)

  it('answers dot segments, plain or percent-encoded, with the 404 of the hook before routing', async () => {
    await start()
    for (const path of [
      '/v2/scrape/%2e%2e/interact',
      '/v2/crawl/%2e%2e/%2e%2e/openapi.json',
      '/v2/crawl/%2E./x',
      '/v2/crawl/.%2e/x',
      '/v2/../openapi.json',
      '/v2/./openapi.json',
      '/v2/%2e/openapi.json',
    ]) {
      const { status, head, body } = parse(
        await send(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}`),
      )
      expect(status, path).toBe(404)
      expect(head).toMatch(/\r\nContent-Type: application\/json\r\n/i)
      expect(head).toMatch(/\r\nX-Request-Id: req_\d+\r\n/i)
      expect(body).toMatchObject({ error: 'unroutable_path', path })
    }
    // An absolute-form target is read the same way.
    const absolute = parse(await send('GET http://x/v2/%2e%2e/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'))
    expect(absolute.body).toMatchObject({ error: 'unroutable_path', path: '/v2/%2e%2e/openapi.json' })
    expect(reached).toEqual([])
  })

  it('answers an encoded slash with the 404 of the hook', async () => {
    await start()
    const { status, body } = parse(await send('GET /v2/crawl/abc%2F..%2Factive HTTP/1.1\r\nHost: x\r\n\r\n'))
    expect(status).toBe(404)
    expect(body).toMatchObject({ error: 'unroutable_path', path: '/v2/crawl/abc%2F..%2Factive' })
    expect(reached).toEqual([])
  })

  it('still routes dots inside a segment and in the query', async () => {
    await start()
    const raw = await send(
      'GET /v2/a..b/.well-known?next=/../x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    )
    expect(raw).toMatch(/^HTTP\/1\.1 200 /)
    expect(reached).toEqual(['/v2/a..b/.well-known'])
  })

  it('answers an HTTP/1.1 request without Host, with an empty one or with two with the 400 of the hook', async () => {
    await start()
    for (const headers of ['', 'Host: \r\n', 'Host: a\r\nHost: b\r\n']) {
      const { status, body } = parse(await send(`GET /v2/liveness HTTP/1.1\r\n${headers}\r\n`))
      expect(status, headers).toBe(400)
      expect(body).toMatchObject({ error: 'invalid_host', path: '/v2/liveness' })
    }
    expect(reached).toEqual([])
  })

  it('serves an HTTP/1.0 request without Host, which needs none', async () => {
    await start()
    const raw = await send('GET /v2/liveness HTTP/1.0\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1\.1 200 /)
    expect(reached).toEqual(['/v2/liveness'])
  })

  it('answers a target the adapter cannot read as a URL with the 400 of the hook', async () => {
    await start()
    const { status, body } = parse(await send('GET /v2\\..\\openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'))
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'malformed' })
    expect(reached).toEqual([])
  })

  it('answers more headers than Node accepts with the hook', async () => {
    await start()
    const many = Array.from({ length: 3_000 }, (_, i) => `X-Header-${i}: v\r\n`).join('')
    const { status, body, head } = parse(await send(`GET /v2/liveness HTTP/1.1\r\nHost: x\r\n${many}\r\n`))
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'headers_too_large' })
    expect(head).toMatch(/\r\nX-Request-Id: req_\d+\r\n/i)
  })

  it('logs one line per refused request with its request id', async () => {
    await start()
    await send('GET /v2/%2e%2e/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n')
    await send('GET /v2/liveness HTTP/1.1\r\n\r\n')
    await send('HELLO\r\n\r\n')
    // pino writes asynchronously: the lines are awaited, not assumed.
    await expect.poll(() => lines.length).toBe(3)
    expect(lines).toMatchObject([
      {
        reqId: 'req_1',
        method: 'GET',
        path: '/v2/%2e%2e/openapi.json',
        status: 404,
        refused: 'unroutable_path',
      },
      { reqId: 'req_2', method: 'GET', path: '/v2/liveness', status: 400, refused: 'invalid_host' },
      { reqId: 'req_3', status: 400, refused: 'malformed', reason: 'HPE_INVALID_METHOD' },
    ])
  })
})
