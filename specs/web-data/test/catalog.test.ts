import { describe, expect, it } from 'vitest'
import { deref, type Json, operations, spec } from './helpers.js'
import { loadErrorCatalog } from './reference.js'

/** Every error response used by an operation: [operation, status, resolved response]. */
function errorResponses(): {
  where: string
  opId: string
  status: string
  res: Json
  ref?: string
}[] {
  const out: {
    where: string
    opId: string
    status: string
    res: Json
    ref?: string
  }[] = []
  for (const { method, path, op } of operations())
    for (const [status, r] of Object.entries<Json>(op.responses))
      if (Number(status) >= 400)
        out.push({
          where: `${method} ${path} ${status}`,
          opId: op.operationId,
          status,
          res: deref(r),
          ref: r.$ref,
        })
  return out
}

function exampleErrors(res: Json): { error: string; value: Json }[] {
  return Object.values<Json>(res.content ?? {}).flatMap((m) =>
    [m.example, ...Object.values<Json>(m.examples ?? {}).map((e) => deref(e).value)]
      .filter(Boolean)
      .map((v) => ({ error: v.error, value: v })),
  )
}

/** The error tables of seed section 7 (`reference/error-catalog.json`). */
const rows = loadErrorCatalog()
const responses = errorResponses()

describe('error catalog (seed section 7)', () => {
  it('is loaded', () => {
    expect(rows.length).toBe(27)
  })

  it.each(rows.flatMap((r) => r.errors.map((s) => [r.status, s] as const)))(
    '%s `%s` appears in an example of that status',
    (status, s) => {
      const found = responses.some(
        (r) => r.status === status && exampleErrors(r.res).some((e) => e.error === s),
      )
      expect(found).toBe(true)
    },
  )

  it('documents the messages the seed describes without quoting them', () => {
    const has = (opId: string, status: string, re: RegExp[]) =>
      responses.some(
        (r) =>
          r.opId === opId &&
          r.status === status &&
          exampleErrors(r.res).some((e) => re.every((x) => x.test(e.error))),
      )
    expect(has('getAgentTrace', '400', [/trace/i, /current engine generation/i])).toBe(true)
    expect(has('getAgentSnapshot', '400', [/snapshot/i, /current engine generation/i])).toBe(true)
    expect(has('startAgent', '400', [/zero data retention/i, /extract/i])).toBe(true)
    expect(has('extractData', '400', [/zero data retention/i, /extract/i])).toBe(true)
    expect(has('scrapeAndExtractFromUrl', '422', [/schema/i])).toBe(true)
  })

  it('gives each status one Retryable value in the seed, and every error response that value in x-retryable', () => {
    const expected = new Map<string, string>()
    for (const r of rows) {
      expect(expected.get(r.status) ?? r.retryable, `seed ${r.status}`).toBe(r.retryable)
      expected.set(r.status, r.retryable)
    }
    for (const r of responses) {
      expect(['yes', 'no', 'sometimes'], r.where).toContain(r.res['x-retryable'])
      if (expected.has(r.status)) expect(r.res['x-retryable'], r.where).toBe(expected.get(r.status))
    }
  })

  it('documents Retry-After on every 429', () => {
    for (const r of responses.filter((x) => x.status === '429')) {
      expect(r.res.headers?.['Retry-After']?.schema?.type, r.where).toBe('integer')
      const errors = exampleErrors(r.res).map((e) => e.error)
      expect(errors, r.where).toEqual(
        expect.arrayContaining(['Rate limit exceeded', 'Concurrency limit reached']),
      )
    }
  })

  it('uses the shared error schemas, and RelayedErrorResponse only on trace and snapshot', () => {
    for (const r of responses) {
      const refs = Object.values<Json>(r.res.content).map((m) => m.schema.$ref)
      const relayed =
        ['getAgentTrace', 'getAgentSnapshot'].includes(r.opId) && ['400', '404', '500'].includes(r.status)
      for (const ref of refs)
        expect(ref, r.where).toBe(
          relayed ? '#/components/schemas/RelayedErrorResponse' : '#/components/schemas/ErrorResponse',
        )
      expect(r.ref, `${r.where} is a shared response`).toMatch(/^#\/components\/responses\//)
    }
    const error = spec.components.schemas.ErrorResponse
    expect(error.properties.success.const).toBe(false)
    expect(error.required).toEqual(['success', 'error'])
    expect(spec.components.schemas.RelayedErrorResponse.required).toEqual(['error'])
  })

  it('documents the general errors on every operation and the specific ones where they occur', () => {
    const statuses = new Map<string, Set<string>>()
    for (const r of responses) statuses.set(r.opId, (statuses.get(r.opId) ?? new Set()).add(r.status))
    for (const [opId, s] of statuses)
      for (const c of ['401', '403', '429', '500', '502', '503', '504'])
        expect(s.has(c), `${opId} ${c}`).toBe(true)
    const needs: [string, string, string][] = [
      ['scrapeAndExtractFromUrl', '400', 'Invalid URL'],
      ['scrapeAndExtractFromUrl', '402', 'Payment Required: Insufficient credits'],
      ['scrapeAndExtractFromUrl', '403', 'SCRAPE_PROMPT_INJECTION_DETECTED'],
      ['scrapeAndExtractFromUrl', '408', 'Request Timeout'],
      ['scrapeAndExtractFromUrl', '413', 'Payload Too Large'],
      ['startAgent', '500', 'Failed to passthrough agent request.'],
      ['getAgentStatus', '400', 'Invalid job ID format. Job ID must be a valid UUID.'],
      ['getAgentStatus', '404', 'Agent job not found'],
      ['cancelAgent', '404', 'Agent job not found'],
      ['cancelAgent', '409', 'Agent already finished'],
      ['cancelAgent', '409', 'Agent is already cancelled'],
      ['getAgentTrace', '400', 'Invalid job ID format. Job ID must be a valid UUID.'],
      ['getAgentTrace', '404', 'Agent job not found'],
      ['getAgentSnapshot', '400', 'Invalid snapshot ID'],
      ['getAgentSnapshot', '404', 'Snapshot not found'],
      ['searchAndScrape', '408', 'Request Timeout'],
    ]
    for (const [opId, status, error] of needs) {
      const r = responses.find((x) => x.opId === opId && x.status === status)
      expect(r, `${opId} ${status}`).toBeTruthy()
      expect(
        exampleErrors(r?.res).map((e) => e.error),
        `${opId} ${status}`,
      ).toContain(error)
    }
  })
})
