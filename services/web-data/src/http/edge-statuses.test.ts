import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { specValidator } from '../testing/harness.js'
import { useTestService } from '../testing/lifecycle.js'

/** Writes raw bytes and resolves with everything the server sent before closing. */
function exchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    let received = ''
    const socket = connect(Number(port), hostname, () => socket.write(request))
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8')
    })
    socket.on('close', () => resolve(received))
    socket.on('error', reject)
  })
}

/** Status and parsed body of a raw HTTP answer, checked against the operation's spec. */
function parse(raw: string, method: string, path: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n')
  const status = Number(head.split(' ')[1])
  const json = JSON.parse(body)
  specValidator().assertValid({ method, path, status, contentType: 'application/json', body: json })
  return { status, json, head }
}

describe('web-data edge statuses', () => {
  const t = useTestService({ worker: false, requestTimeoutMs: 300 })

  it('answers a body without a JSON Content-Type with a documented 400', async () => {
    for (const headers of [{}, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
      const response = await fetch(`${t.url}/v2/map`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.apiKey}`, ...headers },
        body: '{"url":"https://example.org"}',
      })
      expect(response.status).toBe(400)
      const body = await response.json()
      specValidator().assertValid({
        method: 'POST',
        path: '/v2/map',
        status: 400,
        contentType: response.headers.get('content-type'),
        body,
      })
      expect(body).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [{ in: 'header', path: ['content-type'], code: 'invalid_content_type' }],
      })
    }
  })

  it('answers oversized headers with a documented 400, on an operation without a body too', async () => {
    const raw = await exchange(
      t.url,
      `GET /v2/crawl/active HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    const { status, json } = parse(raw, 'GET', '/v2/crawl/active')
    expect(status).toBe(400)
    expect(json).toMatchObject({ success: false, error: 'Bad Request' })
  })

  it('answers a body that stops arriving with the documented 408 once the time is up', {
    timeout: 60_000,
  }, async () => {
    const started = Date.now()
    const raw = await exchange(
      t.url,
      'POST /v2/map HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${t.apiKey}\r\nContent-Length: 100\r\n\r\n{"url":`,
    )
    const { status, json } = parse(raw, 'POST', '/v2/map')
    expect(status).toBe(408)
    expect(json).toEqual({ success: false, error: 'Request Timeout' })
    // The 300 ms limit applied, not the 60 s default (a bound a loaded machine holds).
    expect(Date.now() - started).toBeLessThan(30_000)
  })

  // The URL parser resolves `..` and `%2e%2e`: unchecked, these reached another operation (an
  // interact session, the spec) than a proxy's path rule in front of the service saw.
  it('answers dot segments and encoded slashes with the documented 404 and a request id before routing', async () => {
    for (const [method, path] of [
      ['POST', '/v2/scrape/%2e%2e/interact'],
      ['POST', '/v2/scrape/%2E./interact'],
      ['POST', '/v2/scrape/x/.%2e/.%2E/map'],
      ['GET', '/v2/crawl/%2e%2e/%2e%2e/openapi.json'],
      ['GET', '/v2/crawl/../active'],
      ['GET', '/v2/crawl/./active'],
      ['GET', '/v2/crawl/%2e/active'],
      ['GET', '/v2/crawl/abc%2F..%2Factive'],
    ] as const) {
      const raw = await exchange(
        t.url,
        `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${t.apiKey}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      )
      const { status, json, head } = parse(raw, 'GET', '/v2/crawl/{id}')
      expect(status, path).toBe(404)
      expect(json).toEqual({ success: false, error: 'Not Found' })
      expect(head).toMatch(/\r\nX-Request-Id: req_\w+\r\n/i)
    }
  })

  it('answers an HTTP/1.1 request without Host, or with two, with a documented 400 and a request id', async () => {
    for (const hosts of ['', 'Host: a\r\nHost: b\r\n']) {
      const raw = await exchange(t.url, `GET /v2/crawl/active HTTP/1.1\r\n${hosts}\r\n`)
      const { status, json, head } = parse(raw, 'GET', '/v2/crawl/active')
      expect(status).toBe(400)
      expect(json).toMatchObject({
        success: false,
        error: 'Bad Request',
        details: [{ code: 'invalid_host' }],
      })
      expect(head).toMatch(/\r\nX-Request-Id: req_\w+\r\n/i)
    }
  })

  it('answers more headers than Node accepts with a documented 400 and a request id', async () => {
    const many = Array.from({ length: 2_000 }, (_, i) => `X-Header-${i}: value-${i}\r\n`).join('')
    const raw = await exchange(t.url, `GET /v2/crawl/active HTTP/1.1\r\nHost: x\r\n${many}\r\n`)
    const { status, json, head } = parse(raw, 'GET', '/v2/crawl/active')
    expect(status).toBe(400)
    expect(json).toMatchObject({
      success: false,
      error: 'Bad Request',
      details: [{ code: 'headers_too_large' }],
    })
    expect(head).toMatch(/\r\nX-Request-Id: req_\w+\r\n/i)
  })

  it('still answers a CORS preflight from an allowed origin with 204', async () => {
    const response = await fetch(`${t.url}/v2/map`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:7300', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(204)
  })
})
