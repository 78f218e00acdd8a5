import { randomToken, testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/keys-fixtures.js'
import { withOverride } from '../../testing/ratelimit-fixtures.js'

describe.each(testDatabaseKinds())('ratelimit.getOverride 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an identifier without override, a prefix match and an unknown namespace', async () => {
    const { namespace } = await withOverride(t, 'org_*')
    for (const body of [
      { namespace, identifier: 'nobody' },
      // get is exact: a prefix override that would apply is not "the override of" this identifier
      { namespace, identifier: 'org_acme' },
      { namespace: `missing_${randomToken(6)}`, identifier: 'a' },
    ]) {
      const { response, error } = await call(t, 'ratelimit.getOverride', body)
      expect(response.status).toBe(404)
      expect(error?.error.title).toBe('Not Found')
    }
  })
})
