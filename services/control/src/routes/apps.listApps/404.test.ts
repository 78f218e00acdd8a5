import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('apps.listApps 404 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('answers 404 for an unknown project', async () => {
    const { response } = await t.client.raw.POST('/v2/apps.listApps', { body: { project: 'prj_missing' } })
    expect(response.status).toBe(404)
  })
})
