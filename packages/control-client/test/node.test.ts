import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { undiciTransport } from '../src/node.js'

let server: http.Server
let url: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-echo': req.headers['x-echo'] ?? '' })
      res.end(JSON.stringify({ method: req.method, body }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/x`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

it('sends the request and reads status, headers and body through undici', async () => {
  const send = undiciTransport({ connections: 1 })
  const res = await send({ method: 'POST', url, headers: { 'x-echo': 'yes' }, body: '{"a":1}' })
  expect(res.status).toBe(201)
  expect(res.headers.get('X-Echo')).toBe('yes')
  expect(res.headers.get('x-missing')).toBeNull()
  expect(JSON.parse(await res.text())).toEqual({ method: 'POST', body: '{"a":1}' })
})
