import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe } from 'vitest'
import { useService } from '../../../test/harness.js'
import { it400 } from '../../../test/keys-fixtures.js'

describe.each(testDatabaseKinds())('keys.createKey 400 (%s)', (kind) => {
  const t = useService(kind)
  it400(t, 'keys.createKey', [
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
  ])
})
