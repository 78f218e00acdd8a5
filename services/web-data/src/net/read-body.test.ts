import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readBody } from './read-body.js'

const PAGE = Buffer.from('<p>hello</p>'.repeat(100))
let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const encoding = req.url?.slice(1) ?? ''
    res.writeHead(200, encoding ? { 'content-encoding': encoding } : {})
    res.end(encoding ? gzipSync(PAGE) : PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const read = (path: string, maxBytes: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const req = http.get(`${base}${path}`, (res) => {
      readBody(req, res, maxBytes, () => new Error('too large')).then(resolve, reject)
    })
    req.on('error', reject)
  })

describe('readBody', () => {
  it.each(['', '/gzip', '/x-gzip'])('decodes %s', async (path) => {
    expect((await read(path, PAGE.length)).equals(PAGE)).toBe(true)
  })

  it('stops at the cap counted on decoded bytes', async () => {
    await expect(read('/gzip', PAGE.length - 1)).rejects.toThrow('too large')
  })
})
