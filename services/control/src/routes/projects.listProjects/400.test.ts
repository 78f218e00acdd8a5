import { testDatabaseKinds } from '@apiplatform/server-kit'
import { describe, expect, it } from 'vitest'
import { useTestService } from '../../testing/harness.js'
import { call } from '../../testing/platform.js'

describe.each(testDatabaseKinds())('projects.listProjects 400 (%s)', (kind) => {
  const t = useTestService({ kind })

  it.each([[{ limit: 0 }], [{ limit: 101 }], [{ cursor: 'not-a-cursor-we-issued' }], [{ other: 1 }]])(
    'answers 400 for %j',
    async (body) => {
      expect((await call(t, 'projects.listProjects', body)).status).toBe(400)
    },
  )
})
