import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('apps.createApp 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('creates the app with production and preview environments and its git connection', async () => {
    const fx = await t.fixture()
    const created = await call(t, 'apps.createApp', {
      project: fx.projectSlug,
      name: 'Billing API',
      slug: 'billing-api',
      git: { repository: 'acme/billing-api' },
    })
    expect(created.status).toBe(200)
    const appId = created.data.data.appId
    expect(appId).toMatch(/^app_[A-Za-z0-9]+$/)

    const app = await t.client.apps.getApp({ project: fx.projectId, app: 'billing-api' })
    expect(app).toMatchObject({
      id: appId,
      name: 'Billing API',
      slug: 'billing-api',
      git: { repository: 'acme/billing-api', defaultBranch: 'main' },
      isRolledBack: false,
      deleteProtection: false,
    })
    expect(app.currentDeploymentId).toBeUndefined()
    const environments = await t.client.environments.listEnvironments({ project: fx.projectId, app: appId })
    expect(environments.map((e) => [e.slug, e.kind])).toEqual([
      ['production', 'production'],
      ['preview', 'preview'],
    ])
  })

  it('creates an app without a repository', async () => {
    const fx = await t.fixture()
    const created = await call(t, 'apps.createApp', { project: fx.projectId, name: 'Worker', slug: 'worker' })
    expect(created.status).toBe(200)
    const app = await t.client.apps.getApp({ project: fx.projectId, app: created.data.data.appId })
    expect(app.git).toBeUndefined()
  })
})
