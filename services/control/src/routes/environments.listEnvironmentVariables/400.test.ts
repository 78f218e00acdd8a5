import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call, production } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('environments.listEnvironmentVariables 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('rejects a cursor it did not issue and a limit out of range', async () => {
    const fx = await t.fixture()
    for (const [extra, location] of [
      [{ cursor: 'not-a-cursor' }, 'body.cursor'],
      [{ limit: 0 }, 'body.limit'],
      [{ limit: 101 }, 'body.limit'],
    ] as const) {
      const answer = await call(t, 'environments.listEnvironmentVariables', { ...production(fx), ...extra })
      expect(answer.status).toBe(400)
      expect(locationsOf(answer.error)).toContain(location)
    }
  })
})
