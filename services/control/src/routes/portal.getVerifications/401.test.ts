import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'

describe.each(testDatabaseKinds())('portal.getVerifications 401 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each([null, 'pst_not_a_token_we_issued', ROOT_KEY, 'not a bearer token'])(
    'answers 401 for credential %s',
    async (token) => {
      const { response, error } = await call(
        t,
        'portal.getVerifications',
        { startTime: 0, endTime: 1000 },
        token,
      )
      expect(response.status).toBe(401)
      expect(error?.error.title).toBe('Unauthorized')
    },
  )
})
