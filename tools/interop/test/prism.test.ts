/**
 * Prism, the mock server many teams put in front of a spec, serving each bundle: with the
 * examples (static) and with bodies generated from the schemas (`-d`). Every call must be answered
 * 2xx (Prism validates our documented requests, credentials included) with a body our bundle
 * accepts (the contract kit's Ajv validator).
 */
import { loadSpec, ResponseValidator } from '@apiplatform/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Api, bundlePath } from '../src/paths.js'
import { type Mock, startPrism } from '../src/prism.js'
import { sampleRequest } from '../src/requests.js'

const OPERATIONS: Record<Api, string[]> = {
  control: [
    'liveness',
    'keys.createKey',
    'keys.verifyKey',
    'identities.createIdentity',
    'deployments.listDeployments',
    'ratelimit.limit',
  ],
  'web-data': [
    'scrapeAndExtractFromUrl',
    'crawlUrls',
    'getCrawlStatus',
    'getBatchScrapeStatus',
    'createMonitor',
    'listMonitors',
    'getMonitor',
    'updateMonitor',
    'runMonitor',
    'listMonitorChecks',
  ],
}

/**
 * The problem, unless every mismatch is a `format` one. Prism's generator (json-schema-faker)
 * writes a string that has a `pattern` from the pattern alone, ignoring its `format`: a webhook
 * `url` (format uri, pattern `^https?://[^/?#\s]+`) comes out as `Https://y.@SJ[E'B`.
 */
function withoutFakerFormats(problem: string | undefined): string | undefined {
  const mismatches = (problem ?? '').split('\n').filter((line) => line.startsWith('  /'))
  return mismatches.length > 0 && mismatches.every((line) => line.includes('must match format'))
    ? undefined
    : problem
}

describe.each([
  ['control', false],
  ['control', true],
  ['web-data', false],
  ['web-data', true],
] as Array<[Api, boolean]>)('prism mock %s (dynamic: %s)', (api, dynamic) => {
  const doc = loadSpec(bundlePath(api))
  const validator = new ResponseValidator(doc)
  let mock: Mock

  beforeAll(async () => {
    mock = await startPrism(api, { dynamic })
  })
  afterAll(async () => {
    await mock?.stop()
  })

  it.each(OPERATIONS[api])('%s', async (operationId) => {
    const request = sampleRequest(doc, operationId)
    const response = await fetch(`${mock.baseUrl}${request.path}`, {
      method: request.method,
      headers: {
        authorization: 'Bearer interop_check_key',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    })
    const text = await response.text()
    const body = text === '' ? undefined : JSON.parse(text)
    const label = `${request.method} ${request.path} → ${response.status}: ${text.slice(0, 2000)}`
    expect(response.status, label).toBeGreaterThanOrEqual(200)
    expect(response.status, label).toBeLessThan(300)
    const problem = validator.check({
      method: request.method,
      path: request.path,
      status: response.status,
      contentType: response.headers.get('content-type'),
      body,
    })
    expect(dynamic ? withoutFakerFormats(problem) : problem, label).toBeUndefined()
  })
})

it('stops the whole mock: once stop resolves, nothing listens on its port', async () => {
  const mock = await startPrism('control', { dynamic: false })
  expect((await fetch(mock.baseUrl)).status).toBeGreaterThanOrEqual(200)
  await mock.stop()
  await expect(fetch(mock.baseUrl)).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } })
})
