import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.deleteProject 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([[{}], [{ project: 'a b' }], [{ project: 'demo', force: true }]])(
    'answers 400 for %j',
    async (body) => {
      expect((await call(t, 'projects.deleteProject', body)).status).toBe(400)
    },
  )
})
