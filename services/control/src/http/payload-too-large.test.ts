/**
 * 413 on every operation that takes a body: a body over 1 MiB is refused in the API's error format
 * before it is read (declared length) or once the limit is passed (chunked), as the spec's shared
 * `PayloadTooLarge` response documents it.
 */

import { request } from 'node:http'
import { type OpenApiDocument, walkOperations } from '@apiplatform/openapi-toolkit'
import { describe, expect, it } from 'vitest'
import { bundledSpec, ROOT_KEY, useTestService, validator } from '../testing/harness.js'

const LIMIT = 1024 * 1024

const withBody = walkOperations(bundledSpec as OpenApiDocument)
  .filter(({ requestBody }) => requestBody !== undefined)
  .map(({ path, method, operationId }) => ({ path, method, operationId: operationId as string }))

/** One request with an oversized body, declared (`Content-Length`) or chunked. */
function oversized(url: string, path: string, chunked: boolean) {
  return new Promise<{ status: number; body: unknown; contentType: string | null }>((resolve, reject) => {
    const body = `{"pad":"${'x'.repeat(LIMIT)}"}`
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${ROOT_KEY}`,
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text),
            contentType: res.headers['content-type'] ?? null,
          }),
        )
      },
    )
    // The server may answer and close before it has read everything.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)))
    req.end(body)
  })
}

describe('413 Payload Too Large', () => {
  const t = useTestService({ kind: 'pglite' })

  it('every operation with a body documents it', () => {
    expect(withBody.length).toBeGreaterThan(80)
  })

  for (const { path, method, operationId } of withBody) {
    it(`${operationId} answers 413 to a body over 1 MiB`, async () => {
      const answer = await oversized(t.service.url, path, false)
      expect(answer.status).toBe(413)
      validator.assertValid({ method, path, status: 413, contentType: answer.contentType, body: answer.body })
      expect((answer.body as { error: { type: string } }).error.type).toMatch(/request\/payload_too_large$/)
    })
  }

  it('answers 413 to a chunked body once it passes the limit', async () => {
    const answer = await oversized(t.service.url, '/v2/apis.createApi', true)
    expect(answer.status).toBe(413)
    validator.assertValid({
      method: 'post',
      path: '/v2/apis.createApi',
      status: 413,
      contentType: answer.contentType,
      body: answer.body,
    })
  })
})
