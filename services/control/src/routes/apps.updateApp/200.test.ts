import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.updateApp 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('changes only the given fields, persists them, and disconnects git with null', async () => {
    const fx = await t.fixture()
    const renamed = await call(t, 'apps.updateApp', {
      project: fx.projectId,
      app: fx.appSlug,
      name: 'Renamed',
      slug: `${fx.appSlug}-v2`,
      git: { defaultBranch: 'release' },
      deleteProtection: true,
    })
    expect(renamed.status).toBe(200)
    expect(renamed.data.data).toMatchObject({
      id: fx.appId,
      name: 'Renamed',
      slug: `${fx.appSlug}-v2`,
      git: { repository: 'acme/fixture', defaultBranch: 'release' },
      deleteProtection: true,
      currentDeploymentId: fx.current,
    })
    const read = await t.client.apps.getApp({ project: fx.projectId, app: `${fx.appSlug}-v2` })
    expect(read).toEqual(renamed.data.data)

    const disconnected = await call(t, 'apps.updateApp', { project: fx.projectId, app: fx.appId, git: null })
    expect(disconnected.data.data.git).toBeUndefined()
    expect(disconnected.data.data.name).toBe('Renamed')
    const connected = await call(t, 'apps.updateApp', {
      project: fx.projectId,
      app: fx.appId,
      git: { repository: 'acme/other' },
    })
    expect(connected.data.data.git).toEqual({ repository: 'acme/other', defaultBranch: 'main' })
  })
})
