import { describe, expect, it } from 'vitest'
import type { Generator } from '../generate.js'
import type { FuzzOperation } from '../operations.js'
import type { FuzzRequest } from '../request.js'
import { Resources } from './resources.js'

const op = (id: string, method: string, template: string, body?: string[]): FuzzOperation => ({
  id,
  method,
  template,
  parameters: [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path' }) as never),
  ...(body
    ? {
        body: {
          mediaType: 'application/json',
          schema: {
            type: 'object',
            properties: Object.fromEntries(body.map((n) => [n, { type: 'string' }])),
          },
          required: true,
          examples: [],
        },
      }
    : {}),
  security: [],
  statuses: ['200'],
})

const sent = (operation: FuzzOperation): FuzzRequest => ({
  operation: operation.id,
  kind: 'valid',
  method: operation.method,
  pathParams: {},
  template: operation.template,
  query: '',
  authorization: 'valid',
  contentType: 'application/json',
  body: { type: 'json', value: {} },
  invalid: false,
})

describe('the resources of the concurrency phase', () => {
  // A REST job (`POST /v2/agent` answers `id`), an RPC create (`keys.createKey` answers `keyId`) and
  // an RPC write that answers a plain `id` of something else (`ratelimit.setOverride`).
  const startAgent = op('startAgent', 'POST', '/v2/agent')
  const cancelAgent = op('cancelAgent', 'DELETE', '/v2/agent/{jobId}')
  const setOverride = op('ratelimit.setOverride', 'POST', '/v2/ratelimit.setOverride')
  const updateKey = op('keys.updateKey', 'POST', '/v2/keys.updateKey', ['keyId'])
  const resources = new Resources(
    [startAgent, cancelAgent, setOverride, updateKey],
    {} as Generator,
    () => true,
  )
  resources.learn(sent(startAgent), { id: 'job_1' })
  resources.learn(sent(setOverride), { data: { id: 'ovr_1' } })

  it('takes a plain id for a named one made on the same collection', () => {
    expect(resources.producerFor('jobId', cancelAgent)?.op.id).toBe('startAgent')
    expect(resources.needs(cancelAgent)).toEqual(['jobId'])
  })

  it('does not take a plain id of another collection for a named one', () => {
    expect(resources.producerFor('keyId', updateKey)).toBeUndefined()
    expect(resources.needs(updateKey)).toEqual([])
  })
})
