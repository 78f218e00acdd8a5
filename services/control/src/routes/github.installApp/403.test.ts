import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'

describe.each(testDatabaseKinds())('github.installApp 403 (%s)', (kind) => {
  const t = useTestService({ kind })

  it('needs project.*.install_github_app', async () => {
    const key = await t.key(['project.prj_1.install_github_app'])
    expect((await t.clientFor(key).raw.POST('/v2/github.installApp', {})).response.status).toBe(403)
    const allowed = await t.key(['project/*#install_github_app'])
    expect((await t.clientFor(allowed).raw.POST('/v2/github.installApp', {})).response.status).toBe(200)
  })
})
