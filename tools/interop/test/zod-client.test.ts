/**
 * openapi-zod-client's module is code another team runs: it must import (zod builds every schema
 * then) and validate what the API sends.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundlePath, generatedDir } from '../src/paths.js'

type ZodLike = { safeParse: (value: unknown) => { success: boolean; error?: unknown } }
const load = (api: string) =>
  import(join(generatedDir, 'openapi-zod-client', api, 'client.ts')) as Promise<{
    schemas: Record<string, ZodLike>
    createApiClient: unknown
  }>

/** The first example of a component's response, from the bundle. */
function responseExample(api: string, path: string, status: string, method = 'post'): unknown {
  const doc = JSON.parse(readFileSync(bundlePath(api as 'control'), 'utf8'))
  const media = doc.paths[path][method]?.responses[status].content['application/json']
  return Object.values<{ value: unknown }>(media.examples)[0]?.value
}

describe('control', () => {
  it('imports and validates a createKey request and answer', async () => {
    const { schemas, createApiClient } = await load('control')
    expect(typeof createApiClient).toBe('function')
    const request = schemas.V2KeysCreateKeyRequestBody?.safeParse({
      apiId: 'api_1234abcd',
      meta: { plan: 'pro' },
    })
    expect(request?.success, String(request?.error)).toBe(true)
    const answer = schemas.V2KeysCreateKeyResponseBody?.safeParse(
      responseExample('control', '/v2/keys.createKey', '200'),
    )
    expect(answer?.success, String(answer?.error)).toBe(true)
  })
})

describe('web-data', () => {
  // The trace's events are a oneOf told apart by each variant's constant `type`, without an
  // OpenAPI discriminator: the tool writes a discriminator over `allOf` variants as a
  // z.discriminatedUnion that throws when the module is imported.
  it('imports and validates an agent trace and a scrape request', async () => {
    const { schemas, createApiClient } = await load('web-data')
    expect(typeof createApiClient).toBe('function')
    const trace = schemas.AgentTraceResponse?.safeParse(
      responseExample('web-data', '/v2/agent/{jobId}/trace', '200', 'get'),
    )
    expect(trace?.success, String(trace?.error)).toBe(true)
    const wrongKind = schemas.TraceEventToolCallFinished?.safeParse({ type: 'run.started' })
    expect(wrongKind?.success).toBe(false)
    const scrape = schemas.ScrapeRequest?.safeParse({
      url: 'https://example.com',
      headers: { 'x-team': 'docs' },
    })
    expect(scrape?.success, String(scrape?.error)).toBe(true)
  })
})
