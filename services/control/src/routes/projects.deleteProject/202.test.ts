import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { eventually, useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

describe.each(testDatabaseKinds())('projects.deleteProject 202 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('accepts the deletion, then deletes the project with its apps; the slug is free again', async () => {
    const { id, slug } = await newProject(t)
    const app = await call(t, 'apps.createApp', { project: id, name: 'Inside', slug: 'inside' })
    expect(app.status).toBe(200)
    const appId = (app.data as { data: { appId: string } }).data.appId
    const accepted = await call(t, 'projects.deleteProject', { project: slug })
    expect(accepted.status).toBe(202)
    expect((accepted.data as { data: unknown }).data).toEqual({})
    expect((await call(t, 'apps.getApp', { project: id, app: appId })).status).toBe(404)
    await eventually(
      async () => (await t.service.db.query('SELECT 1 FROM apps WHERE id = $1', [appId])).length === 0,
    )
    await eventually(
      async () => (await t.service.db.query('SELECT 1 FROM projects WHERE id = $1', [id])).length === 0,
    )
    expect((await call(t, 'projects.createProject', { name: 'Again', slug })).status).toBe(200)
  })
})
