import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { locationsOf, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.updateApp 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('rejects an empty git object and an empty name', async () => {
    const fx = await t.fixture()
    for (const [body, location] of [
      [{ git: {} }, 'body.git'],
      [{ name: '' }, 'body.name'],
    ] as const) {
      const answer = await call(t, 'apps.updateApp', { project: fx.projectId, app: fx.appId, ...body })
      expect(answer.status).toBe(400)
      expect(locationsOf(answer.error).join()).toContain(location)
    }
  })

  it('rejects connecting a default branch without a repository', async () => {
    const fx = await t.fixture()
    await call(t, 'apps.updateApp', { project: fx.projectId, app: fx.appId, git: null })
    const answer = await call(t, 'apps.updateApp', {
      project: fx.projectId,
      app: fx.appId,
      git: { defaultBranch: 'main' },
    })
    expect(answer.status).toBe(400)
    expect(locationsOf(answer.error)).toEqual(['body.git.repository'])
  })
})
