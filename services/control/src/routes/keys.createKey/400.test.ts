import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.createKey 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{}, 'body.apiId'],
    [{ apiId: 'api_12345678', byteLength: 8 }, 'body.byteLength'],
    [
      {
        apiId: 'api_12345678',
        credits: { remaining: 1, refill: { interval: 'daily', amount: 1, refillDay: 3 } },
      },
      'body.credits.refill.refillDay',
    ],
    [
      {
        apiId: 'api_12345678',
        ratelimits: [{ name: 'big', limit: 2000000, duration: 1000, autoApply: true }],
      },
      'body.ratelimits[0].limit',
    ],
    // Its schema leaves the slugs free; a permission's own schema (as listed later) does not.
    [{ apiId: 'api_12345678', permissions: ['ok.read', 'NK!_vq?'] }, 'body.permissions[1]'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.createKey', body, location))
})
