import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { ROOT_KEY, useTestService } from '../../testing/harness.js'
import { expectBadRequest } from '../../testing/statuses.js'

describe.each(testDatabaseKinds())('keys.updateCredits 400 (%s)', (kind) => {
  const t = useTestService({ kind })
  it.each<[unknown, string]>([
    [{ keyId: 'key_1234' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'double' }, 'body.operation'],
    [{ keyId: 'key_1234', operation: 'increment' }, 'body.value'],
  ])('rejects %j', (body, location) => expectBadRequest(t, 'keys.updateCredits', body, location))

  // The documented maximum is the largest integer a JSON number keeps exactly in JavaScript.
  it('rejects a value past 2^53 - 1, naming the maximum, and a number too large for a double', async () => {
    for (const value of ['9007199254740992', '9223372036854775807', '1e400']) {
      const response = await fetch(`${t.service.url}/v2/keys.updateCredits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ROOT_KEY}`, 'content-type': 'application/json' },
        body: `{"keyId":"key_1234","operation":"set","value":${value}}`,
      })
      expect(response.status, value).toBe(400)
      const body = (await response.json()) as { error: { errors: { location: string; message: string }[] } }
      expect(body.error.errors[0]?.location).toBe('body.value')
      expect(body.error.errors[0]?.message).toMatch(value === '1e400' ? /finite number/ : /9007199254740991/)
    }
  })
})
