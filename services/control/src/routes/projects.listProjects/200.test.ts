import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'
import { newProject } from '../../testing/project-fixtures.js'

type Page = { data: Array<{ id: string; slug: string }>; pagination: { cursor?: string; hasMore: boolean } }

describe.each(testDatabaseKinds())('projects.listProjects 200 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('pages through every project of the workspace, oldest first', async () => {
    const mine = [await newProject(t), await newProject(t), await newProject(t)]
    const seen: string[] = []
    let cursor: string | undefined
    for (;;) {
      const answer = await call(t, 'projects.listProjects', { limit: 2, ...(cursor ? { cursor } : {}) })
      expect(answer.status).toBe(200)
      const page = answer.data as Page
      expect(page.data.length).toBeLessThanOrEqual(2)
      seen.push(...page.data.map((p) => p.id))
      if (!page.pagination.hasMore) break
      cursor = page.pagination.cursor
    }
    expect(seen).toContain('prj_demo')
    expect(seen.slice(-3)).toEqual(mine.map((p) => p.id))
  })

  it('searches id, name and slug, case-insensitively, and leaves out deleted projects', async () => {
    const a = await newProject(t)
    const b = await newProject(t)
    const found = await call(t, 'projects.listProjects', { search: a.slug.toUpperCase() })
    expect((found.data as Page).data.map((p) => p.id)).toEqual([a.id])
    expect((await call(t, 'projects.deleteProject', { project: b.id })).status).toBe(202)
    const after = await call(t, 'projects.listProjects', { search: b.slug })
    expect((after.data as Page).data).toEqual([])
  })
})
