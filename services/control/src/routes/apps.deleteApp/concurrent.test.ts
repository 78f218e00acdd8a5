import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

const PARALLEL = 20

describe.each(testDatabaseKinds())(`${PARALLEL} concurrent apps.deleteApp of one app (%s)`, (kind) => {
  const t = useTestService({ kind })

  it('accepts one (202); the others are the documented 404, as is a later delete', async () => {
    const fx = await t.fixture()
    const body = { project: fx.projectId, app: fx.appId }
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => call(t, 'apps.deleteApp', body)))
    expect(answers.map((a) => a.status).sort()).toEqual([202, ...Array(PARALLEL - 1).fill(404)])
    for (const refused of answers.filter((a) => a.status === 404)) {
      expect(refused.error.error.type).toBe('https://docs.deploy-control.dev/errors/data/app_not_found')
    }
    // Whether the deletion workflow has finished yet or not.
    expect((await call(t, 'apps.deleteApp', body)).status).toBe(404)
  })
})
